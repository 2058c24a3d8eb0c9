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
import consent from './consent.ts';
import legal from './legal.ts';
import messages from './messages.ts';

/** The Hindi texts of the app's screens, one object per namespace: what the web app loads. */
export const hiScreens = {
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
  consent,
  legal,
  messages,
};
