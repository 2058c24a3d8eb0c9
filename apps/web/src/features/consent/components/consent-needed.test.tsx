import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AskConsentData, ConsentData } from '@app/contracts';
import { applyLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import { ConsentNeeded } from './consent-needed';

const status = (overrides: Partial<ConsentData> = {}): ConsentData => ({
  status: 'needed',
  allowed: false,
  date_of_birth: '2013-05-14',
  age: 13,
  guardian: null,
  requested_at: null,
  given_at: null,
  withdrawn_at: null,
  link_expired: false,
  ...overrides,
});

const payButton = () => screen.queryByRole('button', { name: 'Pay Now' });

async function open(
  consent: ConsentData | ReturnType<typeof fail>,
  extra: Parameters<typeof mockApi>[0] = {},
  skip = false,
) {
  const server = mockApi({
    'GET /consent': 'status' in consent && typeof consent.status === 'number' ? consent : ok(consent),
    ...extra,
  });
  await signIn();
  const view = renderWithProviders(
    <ConsentNeeded skip={skip}>
      <button type="button">Pay Now</button>
    </ConsentNeeded>,
  );
  return { ...view, server };
}

describe('ConsentNeeded', () => {
  it('shows the action to an adult and to a child whose guardian agreed', async () => {
    const { server } = await open(status({ status: 'not_needed', allowed: true, age: 30 }));
    await waitFor(() => expect(server.callsTo('GET', '/consent')).toHaveLength(1));
    expect(payButton()).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('asks a learner without a date of birth for it, and shows the action once it is saved (an adult)', async () => {
    const { user, server } = await open(status({ status: 'dob_needed', date_of_birth: null, age: null }), {
      'PUT /consent/dob': ok(
        status({ status: 'not_needed', allowed: true, date_of_birth: '1995-04-12', age: 31 }),
        'Date of birth saved.',
      ),
    });
    expect(await screen.findByRole('heading', { name: 'Your date of birth' })).toBeInTheDocument();
    expect(
      screen.getByText('Tell us your date of birth before you pay, redeem points or withdraw money.'),
    ).toBeInTheDocument();
    expect(payButton()).not.toBeInTheDocument();
    // The form's code arrives after the explanation (it is its own chunk).
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Date of birth is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Date of Birth'), '1995-04-12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(server.callsTo('PUT', '/consent/dob')[0]?.body).toEqual({ date_of_birth: '1995-04-12' });
  });

  it('tells a 13-year-old why and lets them name a guardian by email', async () => {
    const asked: AskConsentData = {
      ...status({
        status: 'pending',
        guardian: { name: 'Meera Nair', channel: 'email', contact: 'me****@example.com' },
        requested_at: '2026-11-24T06:00:00.000Z',
      }),
      link: null,
      whatsapp_url: null,
    };
    const { user, server } = await open(status(), {
      'POST /consent': ok(asked, 'We have emailed the consent link to your parent or guardian.'),
    });
    expect(await screen.findByRole('heading', { name: 'A parent or guardian must agree first' })).toBeInTheDocument();
    expect(payButton()).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Send consent link' }));
    expect(await screen.findByText('Enter the name of your parent or guardian.')).toBeInTheDocument();
    await user.type(screen.getByLabelText("Parent or guardian's name"), 'Meera Nair');
    await user.type(screen.getByLabelText("Parent or guardian's email"), 'meera@example.com');
    await user.click(screen.getByRole('button', { name: 'Send consent link' }));
    expect(await screen.findByTestId('consent-pending')).toHaveTextContent(
      'Waiting for Meera Nair (me****@example.com) to agree. The link was sent on 24 Nov 2026.',
    );
    expect(server.callsTo('POST', '/consent')[0]?.body).toEqual({
      guardian_name: 'Meera Nair',
      channel: 'email',
      guardian_email: 'meera@example.com',
      guardian_mobile: null,
    });
    expect(screen.getByRole('button', { name: 'Ask again or change the guardian' })).toBeInTheDocument();
  });

  it('offers "Send on WhatsApp" and the link to copy for a guardian named by mobile', async () => {
    const link = 'http://localhost:3000/guardian/consent/abc';
    const asked: AskConsentData = {
      ...status({
        status: 'pending',
        guardian: { name: 'Ravi', channel: 'mobile', contact: '******3210' },
        requested_at: '2026-11-24T06:00:00.000Z',
      }),
      link,
      whatsapp_url: `https://wa.me/919876543210?text=${encodeURIComponent(`Hello Ravi ${link}`)}`,
    };
    const { user, server } = await open(status(), {
      'POST /consent': ok(asked, 'Send the consent link to your parent or guardian.'),
    });
    await screen.findByRole('heading', { name: 'A parent or guardian must agree first' });
    await user.type(await screen.findByLabelText("Parent or guardian's name"), 'Ravi');
    await user.click(screen.getByLabelText('Mobile (WhatsApp)'));
    expect(
      screen.getByText('We cannot send text messages: you send the link yourself on WhatsApp, or copy it.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText("Parent or guardian's mobile number"), '98765');
    await user.click(screen.getByRole('button', { name: 'Send consent link' }));
    expect(await screen.findByText('Invalid Mobile Number')).toBeInTheDocument();
    // Written as it is said, with a space: the field keeps it all (a 10-character limit cut the last digit).
    await user.type(screen.getByLabelText("Parent or guardian's mobile number"), ' 43210');
    expect(screen.getByLabelText("Parent or guardian's mobile number")).toHaveValue('98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send consent link' }));
    await waitFor(() => expect(server.callsTo('POST', '/consent')).toHaveLength(1));
    expect(server.callsTo('POST', '/consent')[0]?.body).toMatchObject({ guardian_mobile: '9876543210' });
    const whatsapp = await screen.findByRole('link', { name: /Send on WhatsApp/ });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
    expect(screen.getByRole('textbox', { name: 'Copy Link' })).toHaveValue(link);
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
  });

  it('says the guardian withdrew consent and only they can give it again, and lets the learner ask them', async () => {
    await open(
      status({
        status: 'withdrawn',
        guardian: { name: 'Meera', channel: 'email', contact: 'me****@example.com' },
        requested_at: '2026-11-20T06:00:00.000Z',
        withdrawn_at: '2026-11-23T06:00:00.000Z',
      }),
    );
    expect(
      await screen.findByText(
        'Meera withdrew consent on 23 Nov 2026. Only they can give it again: ask them again, or write to us to name another guardian.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send consent link' })).toBeInTheDocument();
  });

  it("says when the guardian's link has expired, and offers to ask again", async () => {
    const { user } = await open(
      status({
        status: 'pending',
        guardian: { name: 'Meera', channel: 'email', contact: 'me****@example.com' },
        requested_at: '2026-11-10T06:00:00.000Z',
        link_expired: true,
      }),
    );
    expect(await screen.findByTestId('consent-pending')).toHaveTextContent(
      'The link sent to Meera (me****@example.com) on 10 Nov 2026 has expired: links work for 7 days. Ask again to send a new one.',
    );
    expect(screen.queryByText(/Waiting for Meera/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask again or change the guardian' }));
    expect(await screen.findByRole('button', { name: 'Send consent link' })).toBeInTheDocument();
  });

  it('keeps the action when the status cannot be read (the server refuses anyway) and for free content', async () => {
    await open(fail(500, 'Server Error'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(payButton()).toBeInTheDocument();
    const { server } = await open(status(), {}, true);
    expect(screen.getAllByRole('button', { name: 'Pay Now' }).length).toBeGreaterThan(0);
    expect(server.callsTo('GET', '/consent')).toHaveLength(0);
  });

  it('speaks Hindi', async () => {
    await applyLanguage('hi');
    await open(status());
    expect(await screen.findByRole('heading', { name: 'पहले माता-पिता या अभिभावक की सहमति चाहिए' })).toBeInTheDocument();
  });
});
