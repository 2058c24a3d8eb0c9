export { askConsent } from './ask-consent.ts';
export { getConsentStatus } from './consent-status.ts';
export { getGuardianConsent } from './get-guardian-consent.ts';
export { giveConsent } from './give-consent.ts';
export { listChildPurchases } from './list-child-purchases.ts';
export { dateOfBirthChangeProblem, recordDateOfBirth } from './record-date-of-birth.ts';
export { requireMoneyConsent } from './require-money-consent.ts';
export { saveDateOfBirth } from './save-date-of-birth.ts';
export { withdrawConsent } from './withdraw-consent.ts';
