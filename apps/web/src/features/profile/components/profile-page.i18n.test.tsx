import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillTemplate, formatInr, languageNames } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { ml } from '@app/contracts/i18n/ml';
import { applyLanguage, currentLanguage } from '@/lib/i18n';
import { saveToken } from '@/lib/token-storage';
import { mockApi, ok } from '@/testing/mock-api';
import { PassThrough, renderWithProviders } from '@/testing/test-utils';
import { ProfilePage } from './profile-page';
import { ProfileSummaryCard } from './profile-summary-card';
import { master, profile } from './test-data';

const bank = {
  full_name: 'Asha Nair',
  bank_name: 'State Bank of India',
  bank_branch: 'Kochi',
  account_number: '********9012',
  ifsc_code: 'SBIN0000123',
  pan_card: 'ABCDE1234F',
};

describe('ProfilePage in Malayalam and Hindi', () => {
  it('shows the sections, the forms and the photo card in Malayalam, the master data in Malayalam too', async () => {
    await applyLanguage('ml');
    const t = ml.profile;
    mockApi({ 'GET /profile': ok(profile()), 'GET /master': ok(master), 'GET /bank-details': ok(bank) });
    renderWithProviders(<ProfilePage ConsentGate={PassThrough} />, { path: '/profile' });
    expect(await screen.findByRole('heading', { name: t.sections.personal }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t.sections.bank })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t.sections.password })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t.sections.language })).toBeInTheDocument();
    expect(screen.getByLabelText(t.personal.firstName)).toHaveValue('Asha');
    // Gender and country are the server's master data, in English: shown in Malayalam (catalogue, ISO code).
    const gender = screen.getByLabelText(t.personal.gender);
    expect(within(gender).getByRole('option', { name: ml.messages.profile.master.female })).toBeInTheDocument();
    expect(within(gender).getByRole('option', { name: t.personal.choose })).toBeInTheDocument();
    expect(
      within(screen.getByLabelText(t.personal.country)).getByRole('option', {
        name: new Intl.DisplayNames(['ml-IN'], { type: 'region' }).of('IN'),
      }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: t.bank.submit })).toBeInTheDocument();
    expect(screen.getByTestId('bank-on-file')).toHaveTextContent(
      fillTemplate(t.bank.onFile.replace(/<\/?mono>/g, ''), { bank: 'State Bank of India', account: '********9012' }),
    );
    expect(screen.getByLabelText(t.bank.ifsc)).toHaveValue('SBIN0000123');
    expect(screen.getByRole('button', { name: t.password.submit })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: t.photo.altNone })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.photo.upload })).toBeInTheDocument();
    expect(screen.getByText(t.photo.rules.replace(/\s+/g, ' '))).toBeInTheDocument();
  });

  it("changes the language from Profile's Language setting, as the header picker does, and keeps it in the profile", async () => {
    await saveToken('test-token');
    const server = mockApi({
      'GET /profile': ok(profile()),
      'GET /master': ok(master),
      'GET /bank-details': ok(null),
      'PUT /profile/language': ok(null),
    });
    const { user } = renderWithProviders(<ProfilePage ConsentGate={PassThrough} />, { path: '/profile' });
    const group = await screen.findByRole('group', { name: 'Language' }, { timeout: 3000 });
    expect(within(group).getByRole('radio', { name: languageNames.en })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: languageNames.hi }));

    expect(await screen.findByRole('heading', { level: 1, name: hi.profile.title })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: languageNames.hi })).toBeChecked();
    expect(screen.getByRole('heading', { name: hi.profile.sections.personal })).toBeInTheDocument();
    expect(currentLanguage()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    await waitFor(() => expect(server.callsTo('PUT', '/profile/language')).toHaveLength(1));
    expect(server.callsTo('PUT', '/profile/language')[0]?.body).toEqual({ language: 'hi' });
  });

  it('shows the dashboard card in Hindi with the balance in INR', async () => {
    await applyLanguage('hi');
    mockApi({ 'GET /profile': ok(profile({ points: 1500, balance: 123456.5 })) });
    renderWithProviders(<ProfileSummaryCard referralCode={<span>ABCD2345</span>} />);
    expect(await screen.findByText('Asha Nair', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText(hi.profile.summary.points)).toBeInTheDocument();
    expect(screen.getByText(hi.profile.summary.balance)).toBeInTheDocument();
    expect(screen.getByTestId('summary-balance')).toHaveTextContent(formatInr(123456.5, 'hi'));
    expect(screen.getByTestId('summary-points')).toHaveTextContent('1,500');
  });
});
