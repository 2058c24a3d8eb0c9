import { LegalPage } from '@/features/legal/components/legal-page';

/** Public: the terms (issue 16, part 8). */
export default function TermsRoute() {
  return <LegalPage kind="terms" />;
}
