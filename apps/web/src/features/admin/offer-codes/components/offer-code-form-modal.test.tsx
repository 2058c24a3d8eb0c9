import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminMessages, type AdminOfferCode } from '@app/contracts';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { cbseClass8Batch as batch } from '@/testing/admin-data';
import { renderWithProviders } from '@/testing/test-utils';
import { OfferCodeFormModal } from './offer-code-form-modal';

const RANDOM_CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{12}$/;

function created(body: Partial<AdminOfferCode>): AdminOfferCode {
  return {
    id: 9,
    code: 'X',
    is_fixed_amount: false,
    discount: 100,
    minimum_amount: 0,
    valid_from: null,
    valid_until: null,
    max_uses: null,
    max_uses_per_user: null,
    batch_id: null,
    is_active: true,
    uses: 0,
    created_at: '2026-12-02T00:00:00.000Z',
    ...body,
  };
}

describe('OfferCodeFormModal', () => {
  it('warns that a free or a school code must not be a short word, and Generate writes a long random one', async () => {
    const server = mockApi({
      'GET /admin/batches': ok([batch]),
      'POST /admin/offer-codes': (call) => ok(created(call.body as Partial<AdminOfferCode>)),
    });
    const { user } = renderWithProviders(<OfferCodeFormModal onClose={vi.fn()} />);
    const code = await screen.findByLabelText('Code');
    await user.type(code, 'free');
    await user.click(screen.getByLabelText('Percentage (%)'));
    await user.type(screen.getByLabelText('Discount (%)'), '50');
    expect(code).not.toHaveAccessibleDescription();
    await user.type(screen.getByLabelText('Discount (%)'), '{Backspace}{Backspace}100');
    expect(code).toHaveAccessibleDescription(adminMessages.codeTooGuessable);

    // A school's own code, whatever its discount.
    await user.clear(screen.getByLabelText('Discount (%)'));
    await user.type(screen.getByLabelText('Discount (%)'), '10');
    expect(code).not.toHaveAccessibleDescription();
    await user.selectOptions(screen.getByLabelText('Batch'), 'CBSE Class 8');
    expect(code).toHaveAccessibleDescription(adminMessages.codeTooGuessable);

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect((code as HTMLInputElement).value).toMatch(RANDOM_CODE);
    expect(code).not.toHaveAccessibleDescription();
    const generated = (code as HTMLInputElement).value;
    await user.click(screen.getByRole('button', { name: 'Create offer code' }));
    await waitFor(() => expect(server.callsTo('POST', '/admin/offer-codes')).toHaveLength(1));
    expect(server.callsTo('POST', '/admin/offer-codes')[0]?.body).toMatchObject({
      code: generated,
      is_fixed_amount: false,
      discount: 10,
      batch_id: 5,
    });
  });

  it("shows the server's refusal of a short free code on the field, once", async () => {
    mockApi({
      'GET /admin/batches': ok([batch]),
      'POST /admin/offer-codes': fail(422, adminMessages.codeTooGuessable, { code: [adminMessages.codeTooGuessable] }),
    });
    const { user } = renderWithProviders(<OfferCodeFormModal onClose={vi.fn()} />);
    const code = await screen.findByLabelText('Code');
    await user.type(code, 'free');
    await user.click(screen.getByLabelText('Percentage (%)'));
    await user.type(screen.getByLabelText('Discount (%)'), '100');
    await user.click(screen.getByRole('button', { name: 'Create offer code' }));
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(adminMessages.codeTooGuessable)).toHaveLength(1);
    expect(code).toHaveAccessibleDescription(adminMessages.codeTooGuessable);
  });
});
