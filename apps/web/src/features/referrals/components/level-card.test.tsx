import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatIndiaDate } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { applyLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { LevelCard } from './level-card';
import { levelStatus } from './test-data';

describe('LevelCard', () => {
  it('shows the level name, end date and the days text', async () => {
    mockApi({ 'GET /level-status': ok(levelStatus()) });
    renderWithProviders(<LevelCard />);
    expect(await screen.findByRole('heading', { name: /Bronze/ })).toBeInTheDocument();
    expect(screen.getByText('1 Mar 2025')).toBeInTheDocument();
    expect(screen.getByText('42 more days for 60 days achievement')).toBeInTheDocument();
  });

  it('shows the percent completed with two decimals on the progress bar', async () => {
    mockApi({ 'GET /level-status': ok(levelStatus({ node: 3, completed_node: 1 })) });
    renderWithProviders(<LevelCard />);
    expect(await screen.findByTestId('level-percent')).toHaveTextContent('33.33%');
    const bar = screen.getByRole('progressbar', { name: 'Level progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '33.33');
  });

  it("writes whole percents with two decimals too ('50.00%')", async () => {
    mockApi({ 'GET /level-status': ok(levelStatus({ node: 2, completed_node: 1 })) });
    renderWithProviders(<LevelCard />);
    expect(await screen.findByTestId('level-percent')).toHaveTextContent('50.00%');
  });

  it("shows one slot per required sub-user: a tick and the name when done, '------' when not", async () => {
    mockApi({
      'GET /level-status': ok(
        levelStatus({ node: 4, completed_node: 2, completed_users: ['Ravi Kumar', 'Meera Das'] }),
      ),
    });
    renderWithProviders(<LevelCard />);
    const slots = within(await screen.findByRole('list', { name: 'Required sub-users' })).getAllByRole('listitem');
    expect(slots).toHaveLength(4);
    expect(slots[0]).toHaveTextContent('Ravi Kumar');
    expect(slots[0]?.querySelector('svg')).not.toBeNull();
    expect(slots[0]).toHaveAttribute('data-done', 'true');
    expect(slots[1]).toHaveTextContent('Meera Das');
    expect(slots[2]).toHaveTextContent('------');
    expect(slots[2]?.querySelector('svg')).toBeNull();
    expect(slots[3]).toHaveTextContent('------');
    expect(screen.getAllByText('------')).toHaveLength(2);
  });

  it('breaks a sub-user’s name too long for a phone’s line inside its slot, instead of widening the page', async () => {
    const longName = 'അനന്തകൃഷ്ണൻനമ്പൂതിരിപ്പാട്';
    mockApi({ 'GET /level-status': ok(levelStatus({ node: 1, completed_node: 1, completed_users: [longName] })) });
    renderWithProviders(<LevelCard />);
    const [slot] = within(await screen.findByRole('list', { name: 'Required sub-users' })).getAllByRole('listitem');
    expect(slot).toHaveClass('mw-100');
    expect(within(slot!).getByText(longName)).toHaveClass('text-break');
  });

  it('says when every level is achieved', async () => {
    mockApi({
      'GET /level-status': ok(
        levelStatus({ node: 2, completed_node: 2, completed_users: ['A', 'B'], is_completed: true }),
      ),
    });
    renderWithProviders(<LevelCard />);
    expect(await screen.findByText(/achieved every level/)).toBeInTheDocument();
    expect(screen.getByTestId('level-percent')).toHaveTextContent('100.00%');
  });

  it('shows a named, busy status while the level loads', async () => {
    mockApi({ 'GET /level-status': ok(levelStatus()) });
    renderWithProviders(<LevelCard />);
    const loading = screen.getByRole('status', { name: 'Loading your level' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('heading', { name: /Bronze/ })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your level' })).not.toBeInTheDocument();
  });

  it('offers a retry when the level cannot be loaded', async () => {
    mockApi({ 'GET /level-status': fail(400, 'Nope') });
    renderWithProviders(<LevelCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your level could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("speaks Hindi, with the end day as India's calendar day in Hindi", async () => {
    await applyLanguage('hi');
    const texts = hi.referrals.level;
    mockApi({ 'GET /level-status': ok(levelStatus()) });
    renderWithProviders(<LevelCard />);
    // The default ladder's names are translated; a name an operator gives would stay as it is.
    expect(
      await screen.findByRole('heading', { name: new RegExp(hi.messages.levels.names.bronze) }),
    ).toBeInTheDocument();
    expect(screen.getByText(texts.number.replace('{{number}}', '2'))).toBeInTheDocument();
    expect(screen.getByText(texts.endsOn)).toBeInTheDocument();
    const endDay = formatIndiaDate('2025-03-01T00:00:00+05:30', 'hi');
    expect(endDay).toMatch(/^1 .+ 2025$/);
    expect(screen.getByText(endDay)).toBeInTheDocument();
    expect(
      screen.getByText(texts.daysLeft.replace('{{difference}}', '42').replace('{{days}}', '60')),
    ).toBeInTheDocument();
    expect(screen.getByText(texts.subUsers.replace('{{completed}}', '1').replace('{{node}}', '3'))).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: texts.progressLabel })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: texts.slots })).toBeInTheDocument();
  });
});
