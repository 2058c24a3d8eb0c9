import { lazy, Suspense, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { AskConsentData } from '@app/contracts';
import { InlineLoading } from '@/components/ui/loading-overlay';
import { useFormat } from '@/lib/format';
import { useConsent } from '../api/get-consent';
import { ShareConsentLink } from './share-consent-link';

// The two forms bring react-hook-form and the contracts' Zod schemas (about 40 KB compressed): fetched only when a
// learner has to fill one in, not with every money screen (the wallet, checkout) that most learners see without them.
const DateOfBirthForm = lazy(() =>
  import('./date-of-birth-form').then((module) => ({ default: module.DateOfBirthForm })),
);
const GuardianForm = lazy(() => import('./guardian-form').then((module) => ({ default: module.GuardianForm })));

interface ConsentNeededProps {
  /** The money action (pay, redeem, withdraw, bank details): shown when it is open. */
  children?: ReactNode;
  /** Nothing to guard here (a free course): always show the children. */
  skip?: boolean;
}

/**
 * Issue 16, part 7, on the learner's screens: where a money action needs a date of birth or a guardian's
 * consent first, says why and offers the next step instead of the action. The server refuses anyway
 * (requireMoneyConsent); while the status loads, or if it cannot be read, the action shows as before.
 */
export function ConsentNeeded({ children, skip = false }: ConsentNeededProps) {
  const { t } = useTranslation('consent');
  const { date } = useFormat();
  const consent = useConsent({ enabled: !skip });
  const [shared, setShared] = useState<AskConsentData | null>(null);
  const [isAsking, setIsAsking] = useState(false);

  if (skip || !consent.data || consent.data.allowed) return <>{children}</>;
  const { status, guardian } = consent.data;
  const onAsked = (answer: AskConsentData) => {
    setIsAsking(false);
    setShared(answer.link ? answer : null);
  };

  if (status === 'dob_needed') {
    return (
      <Alert variant="info" className="consent-needed" role="region" aria-labelledby="consent-needed-title">
        <h2 id="consent-needed-title" className="h5">
          {t('dob.title')}
        </h2>
        <p>{t('needed.dobIntro')}</p>
        <p className="small">{t('dob.help')}</p>
        <Suspense fallback={<InlineLoading />}>
          <DateOfBirthForm />
        </Suspense>
      </Alert>
    );
  }

  const showForm = status === 'needed' || status === 'withdrawn' || isAsking;
  return (
    <Alert variant="warning" className="consent-needed" role="region" aria-labelledby="consent-needed-title">
      <h2 id="consent-needed-title" className="h5">
        {t('needed.title')}
      </h2>
      <p>{t('needed.intro')}</p>
      {shared?.link && status === 'pending' && !isAsking && (
        <ShareConsentLink
          guardianName={shared.guardian?.name ?? ''}
          link={shared.link}
          whatsappUrl={shared.whatsapp_url}
        />
      )}
      {status === 'pending' && guardian && consent.data.requested_at && (
        <p className="fw-semibold" data-testid="consent-pending">
          {t(consent.data.link_expired ? 'needed.expired' : 'needed.pending', {
            name: guardian.name,
            contact: guardian.contact,
            date: date(consent.data.requested_at),
          })}
        </p>
      )}
      {status === 'withdrawn' && guardian && consent.data.withdrawn_at && (
        <p className="fw-semibold">
          {t('needed.withdrawn', { name: guardian.name, date: date(consent.data.withdrawn_at) })}
        </p>
      )}
      {showForm ? (
        <>
          <p>{t('needed.next')}</p>
          <Suspense fallback={<InlineLoading />}>
            <GuardianForm onAsked={onAsked} />
          </Suspense>
        </>
      ) : (
        <Button variant="outline-dark" size="sm" onClick={() => setIsAsking(true)}>
          {t('needed.askAgain')}
        </Button>
      )}
    </Alert>
  );
}
