import type { QueryClient } from '@tanstack/react-query';
import { ConsentNeeded } from '@/features/consent/components/consent-needed';
import { BankAccountSummary } from '@/features/profile/components/bank-account-summary';
import { ReferralCode } from '@/features/referrals/components/referral-code';
import { transactionsQueryOptions } from '@/features/wallet/api/get-transactions';
import { WalletPage } from '@/features/wallet/components/wallet-page';

/** The first page of the ledger starts loading with the page's chunk, alongside GET /me. */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(transactionsQueryOptions(1));
}

export default function WalletRoute() {
  return (
    <WalletPage
      referralCode={<ReferralCode />}
      withdrawDestination={<BankAccountSummary />}
      ConsentGate={ConsentNeeded}
    />
  );
}
