import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, fail, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import { ReportsPage } from './reports-page';

afterEach(() => vi.restoreAllMocks());

function catchDownloads() {
  Object.defineProperty(URL, 'createObjectURL', {
    value: vi.fn(() => 'blob:http://localhost/csv'),
    configurable: true,
  });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

describe('ReportsPage (operator console)', () => {
  it('downloads a register for the period chosen, with the operator’s token', async () => {
    await signIn('admin-token');
    const saved = catchDownloads();
    const server = mockApi({ 'GET /admin/reports/earnings': ok(null) });
    const { user } = renderWithProviders(<ReportsPage />);
    await user.click(screen.getByRole('button', { name: 'Last month' }));
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-04-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Download CSV: Earnings by PAN' }));
    await waitFor(() => expect(saved).toEqual(['earnings-by-pan-2026-04-01-to-2026-06-30.csv']));
    const [call] = server.callsTo('GET', '/admin/reports/earnings');
    expect(call?.search).toBe('?from=2026-04-01&to=2026-06-30');
    expect(call?.headers.get('authorization')).toBe('Bearer admin-token');
  });

  it('downloads the payments at Razorpay for the period chosen', async () => {
    await signIn('admin-token');
    const saved = catchDownloads();
    const server = mockApi({ 'GET /admin/reports/provider': ok(null) });
    const { user } = renderWithProviders(<ReportsPage />);
    expect(screen.getByRole('heading', { name: 'Payments at Razorpay' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Download CSV: Payments at Razorpay' }));
    await waitFor(() => expect(saved).toEqual(['payments-at-razorpay-2026-11-01-to-2026-11-30.csv']));
    const [call] = server.callsTo('GET', '/admin/reports/provider');
    expect(call?.search).toBe('?from=2026-11-01&to=2026-11-30');
    expect(call?.headers.get('authorization')).toBe('Bearer admin-token');
  });

  it('says what is wrong with the period before asking, and shows the server’s refusal by its field', async () => {
    await signIn('admin-token');
    catchDownloads();
    const server = mockApi({
      'GET /admin/reports/gst': fail(422, 'The given data was invalid.', { to: ['A report covers at most 366 days.'] }),
    });
    const { user } = renderWithProviders(<ReportsPage />);
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-05-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-04-30');
    await user.click(screen.getByRole('button', { name: 'Download CSV: GST register' }));
    expect(await screen.findByText('The end date must not be before the start date.')).toBeInTheDocument();
    expect(server.callsTo('GET', '/admin/reports/gst')).toHaveLength(0);

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-05-31');
    await user.click(screen.getByRole('button', { name: 'Download CSV: GST register' }));
    expect(await screen.findByText('A report covers at most 366 days.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('ReportsPage: Balances owed', () => {
  it('lists the month-end snapshots, newest first, and downloads one through the API with the operator’s token', async () => {
    await signIn('admin-token');
    const saved = catchDownloads();
    const server = mockApi({
      'GET /admin/reports/balances/snapshots': ok([
        { month: '2026-11', file_name: 'balances-owed-2026-11.csv', size: 2048 },
        { month: '2026-10', file_name: 'balances-owed-2026-10.csv', size: 1024 },
      ]),
      'GET /admin/reports/balances/snapshots/2026-10': ok(null),
      'GET /admin/reports/balances': ok(null),
    });
    const { user } = renderWithProviders(<ReportsPage />);
    const list = await screen.findByRole('list', { name: 'Month-end snapshots' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'November 20262.0 KBDownload: November 2026',
      'October 20261.0 KBDownload: October 2026',
    ]);
    await user.click(screen.getByRole('button', { name: 'Download: October 2026' }));
    await waitFor(() => expect(saved).toEqual(['balances-owed-2026-10.csv']));
    const [call] = server.callsTo('GET', '/admin/reports/balances/snapshots/2026-10');
    expect(call?.headers.get('authorization')).toBe('Bearer admin-token');

    await user.click(screen.getByRole('button', { name: 'Download CSV: Balances owed now' }));
    await waitFor(() => expect(saved[1]).toMatch(/^balances-owed-\d{4}-\d{2}-\d{2}-\d{4}-IST\.csv$/));
    expect(server.callsTo('GET', '/admin/reports/balances')).toHaveLength(1);
  });

  it('says when there is no snapshot yet', async () => {
    await signIn('admin-token');
    mockApi({ 'GET /admin/reports/balances/snapshots': ok([]) });
    renderWithProviders(<ReportsPage />);
    expect(await screen.findByText('No snapshot yet: the first is taken when this month ends.')).toBeInTheDocument();
  });
});
