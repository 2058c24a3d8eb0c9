/**
 * The smallest withdrawal in rupees until GET /convert-value answers with the operators' figure:
 * the server's `minimum_withdrawal_paise` default (server-rules "Wallet"). The server decides.
 */
export const MINIMUM_WITHDRAWAL_RUPEES = 100;
