import { LegalPage } from '@/features/legal/components/legal-page';

/** Public: the privacy policy (issue 16, part 8). */
export default function PrivacyRoute() {
  return <LegalPage kind="privacy" />;
}
