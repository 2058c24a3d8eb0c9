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
  is_named_by_operator: false,
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

  it('names another guardian by email after a withdrawal, and shows who named them', async () => {
    const guardianPath = '/admin/users/7/guardian';
    const named = consent({
      status: 'pending',
      guardian: { name: 'Ravi Nair', email: 'ravi@example.com', mobile: null },
      given_at: null,
      withdrawn_at: null,
      is_named_by_operator: true,
    });
    const server = mockApi({
      [`POST ${guardianPath}`]: ok(
        { consent: named, link: null, whatsapp_url: null },
        'Guardian named. The consent link was mailed to them.',
      ),
    });
    const { user, unmount } = renderWithProviders(<UserConsent userId={7} consent={consent()} />);
    const form = screen.getByRole('form', { name: 'Name another guardian' });
    await user.click(within(form).getByRole('button', { name: 'Name guardian' }));
    expect(await within(form).findByText("Enter the guardian's name.")).toBeInTheDocument();
    await user.type(within(form).getByLabelText("Guardian's name"), 'Ravi Nair');
    await user.click(within(form).getByRole('button', { name: 'Name guardian' }));
    expect(await within(form).findByText("Enter the guardian's email or mobile number.")).toBeInTheDocument();
    expect(server.callsTo('POST', guardianPath)).toHaveLength(0);

    await user.type(within(form).getByLabelText("Guardian's email"), 'ravi@example.com');
    await user.click(within(form).getByRole('button', { name: 'Name guardian' }));
    expect(await screen.findByText('Guardian named. The consent link was mailed to them.')).toBeInTheDocument();
    expect(server.callsTo('POST', guardianPath).map((call) => call.body)).toEqual([
      { guardian_name: 'Ravi Nair', channel: 'email', guardian_email: 'ravi@example.com', guardian_mobile: null },
    ]);
    expect(within(form).queryByRole('status')).not.toBeInTheDocument();

    unmount();
    const namedView = renderWithProviders(<UserConsent userId={7} consent={named} />);
    expect(
      within(screen.getByLabelText('Date of birth and consent')).getByText('(named by an operator)'),
    ).toBeInTheDocument();
    namedView.unmount();
    renderWithProviders(<UserConsent userId={7} consent={consent({ status: 'given', withdrawn_at: null })} />);
    expect(screen.queryByRole('form', { name: 'Name another guardian' })).not.toBeInTheDocument();
  });

  it('by mobile shows the link and a WhatsApp link to send; a refused contact shows next to its field', async () => {
    const guardianPath = '/admin/users/7/guardian';
    const link = 'https://app.example/guardian/consent/abc?lang=hi';
    let calls = 0;
    mockApi({
      [`POST ${guardianPath}`]: () =>
        (calls += 1) === 1
          ? fail(422, 'The given data was invalid.', {
              guardian_mobile: ["That is the learner's own email or mobile number: enter the guardian's."],
            })
          : ok(
              { consent: consent({ status: 'pending' }), link, whatsapp_url: 'https://wa.me/919876501234?text=hi' },
              'Guardian named. Send them the consent link below.',
            ),
    });
    const { user } = renderWithProviders(<UserConsent userId={7} consent={consent({ status: 'needed' })} />);
    const form = screen.getByRole('form', { name: 'Name another guardian' });
    await user.type(within(form).getByLabelText("Guardian's name"), 'Ravi');
    await user.click(within(form).getByLabelText('Mobile'));
    await user.type(within(form).getByLabelText("Guardian's mobile"), '9876501234');
    await user.click(within(form).getByRole('button', { name: 'Name guardian' }));
    expect(
      await within(form).findByText("That is the learner's own email or mobile number: enter the guardian's."),
    ).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Name guardian' }));
    expect(await screen.findByText('Guardian named. Send them the consent link below.')).toBeInTheDocument();
    const shared = within(form).getByRole('status');
    expect(within(shared).getByRole('link', { name: link })).toHaveAttribute('href', link);
    expect(within(shared).getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/919876501234?text=hi',
    );
  });
});
