import { DownloadsPage } from '@/features/learn/offline/downloads-page';

export default function Route() {
  return <DownloadsPage />;
}
