import { WalletPage } from '@/features/wallet/components/wallet-page';

export default function Route() {
  return <WalletPage />;
}
