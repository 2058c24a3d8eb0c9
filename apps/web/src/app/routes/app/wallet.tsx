import { BankAccountSummary } from '@/features/profile/components/bank-account-summary';
import { ReferralCode } from '@/features/referrals/components/referral-code';
import { WalletPage } from '@/features/wallet/components/wallet-page';

export default function WalletRoute() {
  return <WalletPage referralCode={<ReferralCode />} withdrawDestination={<BankAccountSummary />} />;
}
