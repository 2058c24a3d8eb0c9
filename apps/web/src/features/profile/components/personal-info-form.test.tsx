import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hi } from '@app/contracts/i18n/hi';
import { applyLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { learner, renderWithProviders } from '@/testing/test-utils';
import { PersonalInfoForm } from './personal-info-form';
import { master, profile } from './test-data';

function renderForm(data = profile()) {
  return renderWithProviders(<PersonalInfoForm profile={data} master={master} />, { path: '/profile' });
}

/** The values the field's <datalist> offers. */
function stateSuggestions(field: HTMLElement): string[] {
  const list = document.getElementById(field.getAttribute('list')!);
  return [...(list?.querySelectorAll('option') ?? [])].map((option) => option.value);
}

describe('PersonalInfoForm', () => {
  it('fills every field of the profile, choices included', () => {
    mockApi({});
    renderForm();
    expect(screen.getByLabelText('First Name')).toHaveValue('Asha');
    expect(screen.getByLabelText('Mobile')).toHaveValue('9876543210');
    expect(screen.getByLabelText('Date of Birth')).toHaveValue('2009-05-14');
    expect(screen.getByLabelText('Gender')).toHaveDisplayValue('Female');
    expect(screen.getByLabelText('Country')).toHaveDisplayValue('India');
    expect(screen.getByLabelText('Marital Status')).toHaveDisplayValue('Choose…');
    for (const label of ['City', 'State', 'Address', 'Landmark', 'PIN Code', 'Occupation', 'Qualification', 'About']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  });

  it('names the choices in Hindi: genders from the catalogue, countries from their ISO codes', async () => {
    await applyLanguage('hi');
    mockApi({});
    renderForm();
    expect(screen.getByLabelText(hi.profile.personal.gender)).toHaveDisplayValue(hi.messages.profile.master.female);
    const country = screen.getByLabelText(hi.profile.personal.country);
    expect(country).toHaveDisplayValue(new Intl.DisplayNames(['hi-IN'], { type: 'region' }).of('IN')!);
    expect(country).not.toHaveDisplayValue('India');
    await applyLanguage('en');
  });

  it("suggests India's states and union territories for the State field, and keeps it free text", () => {
    mockApi({});
    renderForm();
    const options = stateSuggestions(screen.getByLabelText('State'));
    expect(screen.getByLabelText('State')).toBeInstanceOf(HTMLInputElement);
    expect(options).toHaveLength(36);
    expect(options).toContain('Maharashtra');
    expect(options).toContain('Dadra and Nagar Haveli and Daman and Diu');
  });

  it("names the State field's suggestions in Hindi for a learner using the app in Hindi", async () => {
    await applyLanguage('hi');
    mockApi({});
    renderForm();
    const options = stateSuggestions(screen.getByLabelText(hi.profile.personal.state));
    expect(options).toContain('महाराष्ट्र');
    expect(options).not.toContain('Maharashtra');
    await applyLanguage('en');
  });

  it('shows the required messages on submit', async () => {
    const server = mockApi({});
    const { user } = renderForm(profile({ first_name: '', last_name: '', email: '', mobile: '' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Last Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Mobile is required.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/profile')).toHaveLength(0);
  });

  it("shows 'Invalid Email.' and 'Invalid Mobile Number' after touch, not before", async () => {
    mockApi({});
    const { user } = renderForm();
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'asha@');
    expect(screen.queryByText('Invalid Email.')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Invalid Email.')).toBeInTheDocument();

    const mobile = screen.getByLabelText('Mobile');
    await user.clear(mobile);
    await user.type(mobile, '12345');
    await user.tab();
    expect(await screen.findByText('Invalid Mobile Number')).toBeInTheDocument();
  });

  it('saves every field and shows the server message', async () => {
    const server = mockApi({
      'PUT /profile': ({ body }) => ok({ ...profile(), ...(body as object) }, 'Profile updated successfully.'),
      'GET /me': ok(learner({ email_verified_at: '2025-01-01T00:00:00.000Z' })),
    });
    const { user, router } = renderForm();
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Thrissur');
    await user.selectOptions(screen.getByLabelText('Marital Status'), 'Single');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/profile')[0]?.body).toEqual({
      first_name: 'Asha',
      last_name: 'Nair',
      email: 'asha@example.com',
      mobile: '9876543210',
      date_of_birth: '2009-05-14',
      gender_id: 2,
      marital_status_id: 1,
      country_id: 1,
      city: 'Thrissur',
      state: 'Kerala',
      address: null,
      landmark: null,
      pin: '682001',
      occupation: null,
      qualification: 'Class 10',
      about: null,
    });
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('asks for the current password once the email changes, then goes to /verify (the new address is unverified)', async () => {
    const server = mockApi({
      'PUT /profile': ok(
        profile({ email: 'new@example.com', email_verified_at: null }),
        'Profile updated successfully.',
      ),
      'GET /me': ok(learner({ email: 'new@example.com' })),
    });
    const { user, router } = renderForm();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'new@example.com');
    const password = screen.getByLabelText('Current Password');
    expect(password).toHaveAccessibleDescription('A new email needs your current password.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter Current Password')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/profile')).toHaveLength(0);
    await user.type(password, 'Secret@123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'));
    expect(server.callsTo('PUT', '/profile')[0]?.body).toMatchObject({
      email: 'new@example.com',
      current_password: 'Secret@123',
    });
  });

  it('shows the first error of a 422 and the message of a 400 as danger alerts', async () => {
    mockApi({
      'PUT /profile': fail(422, 'The given data was invalid.', { email: ['This email is already registered.'] }),
    });
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This email is already registered.');
    expect(alert).toHaveClass('bg-danger');
  });
});
