import { useParams, useSearchParams } from 'react-router';
import { GuardianConsentPage } from '@/features/consent/components/guardian-consent-page';

/** Public: a parent's or guardian's consent link (issue 16, part 7); no account needed. */
export default function GuardianConsentRoute() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  return <GuardianConsentPage key={token} token={token} lang={search.get('lang')} />;
}
