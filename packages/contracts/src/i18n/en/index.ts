import common from './common.ts';
import layout from './layout.ts';
import accounts from './accounts.ts';
import onboarding from './onboarding.ts';
import dashboard from './dashboard.ts';
import catalogue from './catalogue.ts';
import checkout from './checkout.ts';
import learning from './learning.ts';
import quiz from './quiz.ts';
import certificates from './certificates.ts';
import referrals from './referrals.ts';
import wallet from './wallet.ts';
import profile from './profile.ts';
import purchases from './purchases.ts';
import invoice from './invoice.ts';
import consent from './consent.ts';
import legal from './legal.ts';
import mail from './mail.ts';
import messages from './messages.ts';

/** The English catalogue: one object per namespace. */
export const en = {
  common,
  layout,
  accounts,
  onboarding,
  dashboard,
  catalogue,
  checkout,
  learning,
  quiz,
  certificates,
  referrals,
  wallet,
  profile,
  purchases,
  invoice,
  consent,
  legal,
  mail,
  messages,
};
