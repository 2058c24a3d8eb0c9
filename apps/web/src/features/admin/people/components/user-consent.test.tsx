import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminConsent } from '@app/contracts';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { UserConsent } from './user-consent';

const consent = (overrides: Partial<AdminConsent> = {}): AdminConsent => ({
  date_of_birth: '2012-05-01',
  age: 13,
  status: 'withdrawn',
  guardian: { name: 'Meera Nair', email: 'meera@example.com', mobile: null },
  requested_at: '2025-11-20T06:00:00.000Z',
  given_at: '2025-11-21T06:00:00.000Z',
  withdrawn_at: '2025-11-23T06:00:00.000Z',
  is_link_expired: false,
  ...overrides,
});
const path = '/admin/users/7/date-of-birth';

describe('UserConsent', () => {
  it("shows the date of birth, the consent status and the guardian's contact, and corrects the date", async () => {
    const server = mockApi({
      [`PUT ${path}`]: (call) =>
        ok(
          {
            consent: consent({
              date_of_birth: (call.body as { date_of_birth: string }).date_of_birth,
              age: 19,
              status: 'not_needed',
            }),
          },
          'Date of birth corrected.',
        ),
    });
    const { user } = renderWithProviders(<UserConsent userId={7} consent={consent()} />);
    const facts = screen.getByLabelText('Date of birth and consent');
    expect(within(facts).getByText('2012-05-01 (age 13)')).toBeInTheDocument();
    expect(within(facts).getByText('withdrawn')).toBeInTheDocument();
    expect(within(facts).getByText('Meera Nair')).toBeInTheDocument();
    expect(within(facts).getByText('meera@example.com')).toBeInTheDocument();
    expect(within(facts).getByText(/^23 Nov 2025/)).toBeInTheDocument();

    const field = screen.getByLabelText('Corrected date of birth');
    expect(field).toHaveValue('2012-05-01');
    await user.clear(field);
    await user.type(field, '2006-03-15');
    await user.click(screen.getByRole('button', { name: 'Correct date of birth' }));
    expect(await screen.findByText('Date of birth corrected.')).toBeInTheDocument();
    expect(server.callsTo('PUT', path).map((call) => call.body)).toEqual([{ date_of_birth: '2006-03-15' }]);
  });

  it('checks the date before sending, and shows the server refusing one next to the field', async () => {
    const server = mockApi({
      [`PUT ${path}`]: fail(422, 'Age must be between 5 and 100 years.', {
        date_of_birth: ['Age must be between 5 and 100 years.'],
      }),
    });
    const { user } = renderWithProviders(
      <UserConsent
        userId={7}
        consent={consent({ date_of_birth: null, age: null, status: 'dob_needed', guardian: null })}
      />,
    );
    expect(
      within(screen.getByLabelText('Date of birth and consent')).getByText('no date of birth'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Correct date of birth' }));
    expect(await screen.findByText('Date of birth is required.')).toBeInTheDocument();
    expect(server.callsTo('PUT', path)).toHaveLength(0);

    await user.type(screen.getByLabelText('Corrected date of birth'), '2000-01-01');
    await user.click(screen.getByRole('button', { name: 'Correct date of birth' }));
    expect(await screen.findByText('Age must be between 5 and 100 years.')).toBeInTheDocument();
    expect(server.callsTo('PUT', path)).toHaveLength(1);
  });
});
