import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import { pressAndHold, release } from '@/testing/press';
import { ChooseBatchForm } from './choose-batch-form';

const syllabuses = [
  { id: 1, name: 'CBSE' },
  { id: 2, name: 'ICSE' },
];
const cbseStandards = [
  { id: 11, name: 'Standard 9' },
  { id: 12, name: 'Standard 10' },
];

describe('ChooseBatchForm', () => {
  it("shows 'syllabus is required.' and 'standard is required.' on an empty submit", async () => {
    mockApi({ 'GET /syllabus': ok(syllabuses) });
    const { user } = renderWithProviders(<ChooseBatchForm onDone={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('syllabus is required.')).toBeInTheDocument();
    expect(screen.getByText('standard is required.')).toBeInTheDocument();
    expect(screen.getByText('Date of birth is required.')).toBeInTheDocument();
  });

  it('shows a left select’s error only once the tap on Submit has ended, so it cannot move the button from under it', async () => {
    mockApi({ 'GET /syllabus': ok(syllabuses) });
    const { user } = renderWithProviders(<ChooseBatchForm onDone={vi.fn()} />);
    await screen.findByRole('option', { name: 'CBSE' });
    await user.click(screen.getByLabelText('Standard'));
    const submit = screen.getByRole('button', { name: 'Submit' });
    await pressAndHold(user, submit);
    expect(screen.queryByText('standard is required.')).not.toBeInTheDocument();
    await release(user, submit);
    expect(await screen.findByText('standard is required.')).toBeInTheDocument();
    expect(screen.getByText('syllabus is required.')).toBeInTheDocument();
  });

  it('loads the standards of the chosen syllabus and submits the pair', async () => {
    const pending = deferred();
    const server = mockApi({
      'GET /syllabus': ok(syllabuses),
      'GET /standard/1': ok(cbseStandards),
      'POST /add-class': pending.handler,
    });
    await signIn();
    const onDone = vi.fn();
    const { user } = renderWithProviders(<ChooseBatchForm onDone={onDone} />);
    await screen.findByRole('option', { name: 'CBSE' });
    await user.selectOptions(screen.getByLabelText('Syllabus'), 'CBSE');
    await screen.findByRole('option', { name: 'Standard 10' });
    await user.selectOptions(screen.getByLabelText('Standard'), 'Standard 10');
    await user.type(screen.getByLabelText('Date of Birth'), '2012-05-14');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Please Wait....' })).toBeDisabled();
    pending.release(ok({ isStandardPicked: true }, 'Your class has been saved.'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(server.callsTo('POST', '/add-class')[0]?.body).toEqual({
      syllabus: 1,
      standard: 12,
      date_of_birth: '2012-05-14',
    });
  });

  it('clears the standard when the syllabus changes', async () => {
    mockApi({
      'GET /syllabus': ok(syllabuses),
      'GET /standard/1': ok(cbseStandards),
      'GET /standard/2': ok([{ id: 21, name: 'Class 5' }]),
    });
    const { user } = renderWithProviders(<ChooseBatchForm onDone={vi.fn()} />);
    await screen.findByRole('option', { name: 'CBSE' });
    await user.selectOptions(screen.getByLabelText('Syllabus'), 'CBSE');
    await screen.findByRole('option', { name: 'Standard 9' });
    await user.selectOptions(screen.getByLabelText('Standard'), 'Standard 9');
    await user.selectOptions(screen.getByLabelText('Syllabus'), 'ICSE');
    await screen.findByRole('option', { name: 'Class 5' });
    expect(screen.getByLabelText('Standard')).toHaveValue('');
  });

  it("'General Course' asks for the date of birth, saves it, sends the email OTP, then moves on", async () => {
    const server = mockApi({
      'GET /syllabus': ok(syllabuses),
      'GET /send-email-otp': ok(null, 'Otp sent to your email'),
      'PUT /consent/dob': ok({ status: 'needed', allowed: false }),
    });
    const onDone = vi.fn();
    const { user } = renderWithProviders(<ChooseBatchForm onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'General Course' }));
    expect(await screen.findByText('Date of birth is required.')).toBeInTheDocument();
    expect(server.callsTo('GET', '/send-email-otp')).toHaveLength(0);
    await user.type(screen.getByLabelText('Date of Birth'), '2013-01-20');
    await user.click(screen.getByRole('button', { name: 'General Course' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(server.callsTo('GET', '/send-email-otp')).toHaveLength(1);
    expect(server.callsTo('PUT', '/consent/dob')[0]?.body).toEqual({ date_of_birth: '2013-01-20' });
    expect(server.callsTo('POST', '/add-class')).toHaveLength(0);
    expect(await screen.findByRole('alert')).toHaveTextContent('Otp sent to your email');
  });

  it('ignores a failed syllabus fetch silently', async () => {
    const server = mockApi({ 'GET /syllabus': fail(400, 'Something broke') });
    renderWithProviders(<ChooseBatchForm onDone={vi.fn()} />);
    await waitFor(() => expect(server.callsTo('GET', '/syllabus')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Syllabus')).toBeInTheDocument();
  });
});
