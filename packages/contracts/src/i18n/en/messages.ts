import { commonMessageTemplates, messages } from '../../common/messages.ts';
import { accountMessages } from '../../accounts/messages.ts';
import { catalogueMessages } from '../../catalogue/messages.ts';
import { checkoutMessages } from '../../checkout/messages.ts';
import { masterDataNames, profileMessages } from '../../profile/messages.ts';
import { quizMessages, quizMessageTemplates } from '../../quiz/messages.ts';
import { walletMessages, walletMessageTemplates } from '../../wallet/messages.ts';
import { consentMessages } from '../../consent/messages.ts';
import { learningMessages, learningMessageTemplates } from '../../learning/messages.ts';
import { defaultLevelNames, levelMessages } from '../../levels/messages.ts';
import { purchaseMessages } from '../../purchases/messages.ts';
import { referralMessages } from '../../referrals/messages.ts';
import { ineligibleReasonText } from '../../referrals/self-referral.ts';
import { ledgerDescriptionTemplates } from '../../wallet/ledger-descriptions.ts';

const {
  retakeAllUsed: _allUsed,
  retakeCooldown: _cooldown,
  questionNumberInvalid: _questionNumber,
  ...quizTexts
} = quizMessages;
const { amountBelowMinimum: _minimum, ...walletTexts } = walletMessages;
const { watchedSecondsInvalid: _watched, ...learningTexts } = learningMessages;

/**
 * The messages the server sends and the forms show (validation, errors, confirmations): the contracts' message
 * objects themselves, so English is written once. The API translates a response's message at the edge by finding
 * it here (translateMessage); the operator console's messages stay English and are not listed.
 */
export default {
  common: { ...messages, ...commonMessageTemplates },
  accounts: { ...accountMessages },
  catalogue: { ...catalogueMessages },
  checkout: { ...checkoutMessages },
  profile: { ...profileMessages, master: { ...masterDataNames } },
  quiz: { ...quizTexts, ...quizMessageTemplates },
  wallet: { ...walletTexts, ...walletMessageTemplates },
  consent: { ...consentMessages },
  learning: { ...learningTexts, ...learningMessageTemplates },
  levels: { ...levelMessages, names: { ...defaultLevelNames } },
  purchases: { ...purchaseMessages },
  referrals: { ...referralMessages, reasons: { ...ineligibleReasonText } },
  ledger: { ...ledgerDescriptionTemplates },
};
