import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BankDetailsData } from '@app/contracts';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { BankDetailsForm } from './bank-details-form';

const onFile: BankDetailsData = {
  full_name: 'Asha Nair',
  bank_name: 'State Bank of India',
  bank_branch: 'Kochi',
  account_number: '********9012',
  ifsc_code: 'SBIN0001234',
  pan_card: 'ABCDE1234F',
};

describe('BankDetailsForm', () => {
  it("shows each of the spec's messages on an empty submit", async () => {
    const server = mockApi({});
    const { user } = renderWithProviders(<BankDetailsForm bank={null} />);
    await user.click(screen.getByRole('button', { name: 'Update Bank Details' }));
    for (const message of [
      'Enter Account Holder Name',
      'Enter Bank Name',
      'Enter Branch Name',
      'Enter Account Number',
      'Enter IFSC Code',
      'Enter Pan Card Details',
      'Enter Current Password',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(server.callsTo('POST', '/bank-details')).toHaveLength(0);
  });

  it('shows a message after a field is touched, not before', async () => {
    mockApi({});
    const { user } = renderWithProviders(<BankDetailsForm bank={null} />);
    await user.click(screen.getByLabelText('Bank Name'));
    expect(screen.queryByText('Enter Bank Name')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Enter Bank Name')).toBeInTheDocument();
  });

  it('shows the masked account number on file and asks for the number again', async () => {
    mockApi({});
    const { user } = renderWithProviders(<BankDetailsForm bank={onFile} />);
    expect(screen.getByTestId('bank-on-file')).toHaveTextContent('********9012');
    expect(screen.getByLabelText('Account Holder Name')).toHaveValue('Asha Nair');
    expect(screen.getByLabelText('Account Number')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Update Bank Details' }));
    expect(await screen.findByText('Enter Account Number')).toBeInTheDocument();
  });

  it('saves normalised details and shows the server message', async () => {
    const server = mockApi({
      'POST /bank-details': ok({ ...onFile, account_number: '********4321' }, 'Bank details updated successfully.'),
    });
    const { user } = renderWithProviders(<BankDetailsForm bank={onFile} />);
    await user.type(screen.getByLabelText('Account Number'), '1234 5678 4321');
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription(
      'Withdrawals are paid to this account: enter your current password to save it.',
    );
    await user.type(screen.getByLabelText('Current Password'), 'Secret@123');
    await user.click(screen.getByRole('button', { name: 'Update Bank Details' }));
    expect(await screen.findByText('Bank details updated successfully.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/bank-details')[0]?.body).toEqual({
      full_name: 'Asha Nair',
      bank_name: 'State Bank of India',
      bank_branch: 'Kochi',
      account_number: '123456784321',
      ifsc_code: 'SBIN0001234',
      pan_card: 'ABCDE1234F',
      current_password: 'Secret@123',
    });
    expect(screen.getByLabelText('Account Number')).toHaveValue('');
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('shows the first error of a 422 in a danger alert, and under its field', async () => {
    mockApi({
      'POST /bank-details': fail(422, 'The current password is incorrect.', {
        current_password: ['The current password is incorrect.'],
      }),
    });
    const { user } = renderWithProviders(<BankDetailsForm bank={onFile} />);
    await user.type(screen.getByLabelText('Account Number'), '123456784321');
    await user.type(screen.getByLabelText('Current Password'), 'Guess@123');
    await user.click(screen.getByRole('button', { name: 'Update Bank Details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is incorrect.');
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription(
      expect.stringContaining('The current password is incorrect.'),
    );
  });
});
