import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminSettings } from '@app/contracts';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { RatesForm } from './rates-form';

const settings: AdminSettings = {
  commission_percent: 10,
  convert_value: 1,
  pass_mark_percent: 40,
  minimum_withdrawal: 100,
  referral_hold_signups_per_ip_week: 3,
  level_min_purchase: 0,
  refund_window_days: 7,
  offer_reservation_minutes: 30,
  quiz_retake_cooldown_hours: 24,
  quiz_max_attempts: 3,
};

describe('RatesForm', () => {
  it('edits the refund window and the offer reservation time, each explained under its input', async () => {
    const server = mockApi({
      'PUT /admin/settings': ok({ ...settings, refund_window_days: 14, offer_reservation_minutes: 45 }),
    });
    const { user } = renderWithProviders(<RatesForm settings={settings} />);
    const refundWindow = screen.getByLabelText('Refund window (days)');
    const reservation = screen.getByLabelText('Offer code reservation (minutes)');
    expect(refundWindow).toHaveValue(7);
    expect(refundWindow).toHaveAccessibleDescription(
      'Commissions, level rewards and Quiz Points stay Pending this many days after the purchase that earned them; a refund inside the window cancels them.',
    );
    expect(reservation).toHaveAccessibleDescription(
      'A checkout with a limited offer code holds one use of it this many minutes.',
    );

    await user.clear(refundWindow);
    await user.type(refundWindow, '14');
    await user.clear(reservation);
    await user.type(reservation, '45');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(await screen.findByText('Rates saved. They apply from now on.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/admin/settings')[0]?.body).toMatchObject({
      refund_window_days: 14,
      offer_reservation_minutes: 45,
    });
  });

  it('refuses values out of range with the shared rules, and shows the server’s field errors', async () => {
    const server = mockApi({
      'PUT /admin/settings': fail(422, 'Invalid.', {
        offer_reservation_minutes: ['offer_reservation_minutes must be a whole number from 5 to 1440.'],
      }),
    });
    const { user } = renderWithProviders(<RatesForm settings={settings} />);
    const refundWindow = screen.getByLabelText('Refund window (days)');
    await user.clear(refundWindow);
    await user.type(refundWindow, '61');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(await screen.findByText('refund_window_days must be a whole number from 0 to 60.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/admin/settings')).toHaveLength(0);

    await user.clear(refundWindow);
    await user.type(refundWindow, '0');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    const reservation = screen.getByLabelText('Offer code reservation (minutes)');
    await waitFor(() => expect(reservation).toHaveAttribute('aria-invalid', 'true'));
    expect(reservation).toHaveAccessibleDescription(
      'offer_reservation_minutes must be a whole number from 5 to 1440. A checkout with a limited offer code holds one use of it this many minutes.',
    );
  });

  it('edits the quiz retake cooldown and the maximum attempts, within their ranges', async () => {
    const server = mockApi({
      'PUT /admin/settings': ok({ ...settings, quiz_retake_cooldown_hours: 12, quiz_max_attempts: 5 }),
    });
    const { user } = renderWithProviders(<RatesForm settings={settings} />);
    const cooldown = screen.getByLabelText('Quiz retake cooldown (hours)');
    const attempts = screen.getByLabelText('Quiz attempts (maximum)');
    expect(cooldown).toHaveValue(24);
    expect(attempts).toHaveValue(3);
    expect(cooldown).toHaveAccessibleDescription(
      'How long after submitting a quiz a learner waits before retaking it; 0 allows a retake at once.',
    );

    await user.clear(cooldown);
    await user.type(cooldown, '721');
    await user.clear(attempts);
    await user.type(attempts, '0');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(
      await screen.findByText('quiz_retake_cooldown_hours must be a whole number from 0 to 720.'),
    ).toBeInTheDocument();
    expect(screen.getByText('quiz_max_attempts must be a whole number from 1 to 20.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/admin/settings')).toHaveLength(0);

    await user.clear(cooldown);
    await user.type(cooldown, '12');
    await user.clear(attempts);
    await user.type(attempts, '5');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(await screen.findByText('Rates saved. They apply from now on.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/admin/settings')[0]?.body).toMatchObject({
      quiz_retake_cooldown_hours: 12,
      quiz_max_attempts: 5,
    });
  });

  it('edits the level minimum purchase, in rupees, explained as the guard against farming level rewards', async () => {
    const server = mockApi({ 'PUT /admin/settings': ok({ ...settings, level_min_purchase: 299 }) });
    const { user } = renderWithProviders(<RatesForm settings={settings} />);
    const minimum = screen.getByLabelText('Level minimum purchase (₹)');
    expect(minimum).toHaveValue(0);
    expect(minimum).toHaveAccessibleDescription(/cheap courses and deep offer codes let sign-ups farm level rewards/);
    await user.clear(minimum);
    await user.type(minimum, '-1');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(
      await screen.findByText('level_min_purchase must be an amount in rupees from 0 (at most two decimals).'),
    ).toBeInTheDocument();
    expect(server.callsTo('PUT', '/admin/settings')).toHaveLength(0);
    await user.clear(minimum);
    await user.type(minimum, '299');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(await screen.findByText('Rates saved. They apply from now on.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/admin/settings')[0]?.body).toMatchObject({ level_min_purchase: 299 });
  });
});
