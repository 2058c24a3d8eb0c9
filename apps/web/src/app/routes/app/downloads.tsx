import { DownloadsPage } from '@/features/learning/offline/downloads-page';

export default function Route() {
  return <DownloadsPage />;
}
