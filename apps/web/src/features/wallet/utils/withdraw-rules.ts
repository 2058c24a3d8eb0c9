/**
 * The smallest withdrawal, in rupees: the server's `minimum_withdrawal_paise` default
 * (server-rules "Wallet"). Shown and checked before sending; the server decides.
 */
export const MINIMUM_WITHDRAWAL_RUPEES = 100;
