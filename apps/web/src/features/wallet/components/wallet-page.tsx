import { PageHeader } from '@/components/ui/page-header';

/** Wallet: a later issue builds this screen (spec section 2). */
export function WalletPage() {
  return <PageHeader title="Wallet" />;
}
