import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { PageHeader } from '@/components/ui/page-header';
import { useBankDetails } from '../api/get-bank-details';
import { useMasterData } from '../api/get-master-data';
import { useProfile } from '../api/get-profile';
import { BankDetailsForm } from './bank-details-form';
import { LanguageSetting } from './language-setting';
import { PasswordForm } from './password-form';
import { PersonalInfoForm } from './personal-info-form';
import { ProfilePhotoCard } from './profile-photo-card';

/** Wallet sends a learner without bank details to /profile#bank-account. */
export const bankSectionId = 'bank-account';

function Section({
  id,
  title,
  children,
  className = 'mb-4',
}: {
  id?: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card
      as="section"
      id={id}
      className={`border-0 shadow-sm ${className}`}
      aria-label={title}
      style={{ scrollMarginTop: '5rem' }}
    >
      <Card.Body className="p-4">
        <h2 className="h5 mb-3">{title}</h2>
        {children}
      </Card.Body>
    </Card>
  );
}

function Loading() {
  const { t } = useTranslation('profile');
  return (
    <div className="py-4 text-center">
      <Spinner animation="border" variant="primary" role="status">
        <span className="visually-hidden">{t('loading')}</span>
      </Spinner>
    </div>
  );
}

interface ProfilePageProps {
  /**
   * Wraps the bank details form: app/ passes consent's ConsentNeeded, which offers the next step instead while the
   * learner's consent is missing (issue 16).
   */
  ConsentGate: ComponentType<{ children: ReactNode }>;
}

/** Profile (docs/product/profile.md): photo card, Personal Information, Bank Account Information and Password. */
export function ProfilePage({ ConsentGate }: ProfilePageProps) {
  const profile = useProfile();
  // Without the master data the choices would be empty; a failure still lets the rest be edited.
  const master = useMasterData();
  const bank = useBankDetails();
  const { hash } = useLocation();
  // The sections show together once the profile, the choices and the bank details have answered (or failed): the
  // Personal Information form, 980 px tall on a desktop, arriving after its spinner pushed Bank Account Information
  // and Password 800 px down, out of sight, under a learner's tap or after the scroll to #bank-account.
  const isLaidOut = Boolean(profile.data) && !master.isPending && !bank.isPending;
  // The bank form is on the page only once the sections are.
  const isBankReady = isLaidOut && bank.isSuccess;
  const { t } = useTranslation('profile');

  // Once the form is there, bring the section the link points at into view and start typing in it.
  useEffect(() => {
    if (hash !== `#${bankSectionId}` || !isBankReady) return;
    const section = document.getElementById(bankSectionId);
    section?.scrollIntoView?.({ block: 'start' });
    section?.querySelector('input')?.focus({ preventScroll: true });
  }, [hash, isBankReady]);

  if (profile.isError) {
    return (
      <>
        <PageHeader title={t('title')} />
        <Alert variant="danger">
          {errorMessage(profile.error)}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => void profile.refetch()}>
            {t('tryAgain')}
          </Button>
        </Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} />
      {profile.data && isLaidOut ? (
        <Row className="g-4">
          <Col lg={4} xl={3}>
            <ProfilePhotoCard profile={profile.data} />
            <Section id="language" title={t('sections.language')} className="mt-4 mb-0">
              <LanguageSetting label={t('sections.language')} />
            </Section>
          </Col>
          <Col lg={8} xl={9}>
            <Section title={t('sections.personal')}>
              <PersonalInfoForm profile={profile.data} master={master.data} />
            </Section>
            <Section id={bankSectionId} title={t('sections.bank')}>
              {bank.isError ? (
                <Alert variant="danger" className="mb-0">
                  {errorMessage(bank.error)}
                </Alert>
              ) : (
                <ConsentGate>
                  <BankDetailsForm bank={bank.data} />
                </ConsentGate>
              )}
            </Section>
            <Section title={t('sections.password')}>
              <PasswordForm />
            </Section>
          </Col>
        </Row>
      ) : (
        <Loading />
      )}
    </>
  );
}
