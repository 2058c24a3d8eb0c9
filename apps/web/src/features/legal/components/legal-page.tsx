import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LegalData } from '@app/contracts';
import { paths } from '@/config/paths';
import { Brand } from '@/components/ui/brand';
import { DocumentTitle } from '@/components/ui/document-title';
import { LanguagePicker } from '@/components/ui/language-picker';
import { LoadError } from '@/components/ui/load-error';
import { useLegal } from '../api/get-legal';

export type LegalKind = 'privacy' | 'terms';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-4">
      <h2 className="h5">{title}</h2>
      {children}
    </section>
  );
}

const Mail = ({ to }: { to: string }) => <a href={`mailto:${to}`}>{to}</a>;

/** Who runs the service and whom to write to: operator, contact, grievance officer, all from GET /legal. */
function WhoWeAre({ legal }: { legal: LegalData }) {
  const { t } = useTranslation('legal');
  const officer = legal.grievance_officer;
  return (
    <Section title={t('who.title')}>
      <p data-testid="legal-operator">
        {t('who.operator', {
          app: legal.app_name,
          operator: legal.operator.legal_name,
          address: legal.operator.address,
        })}
      </p>
      <p>
        {t('who.contact', { email: '' })}
        <Mail to={legal.contact_email} />
      </p>
      <h3 className="h6 fw-semibold mt-3">{t('who.grievanceTitle')}</h3>
      <p>{t('who.grievance', { days: legal.grievance_response_days })}</p>
      <dl className="row mb-0" data-testid="grievance-officer">
        <dt className="col-sm-3">{t('who.name')}</dt>
        <dd className="col-sm-9">{officer.name}</dd>
        <dt className="col-sm-3">{t('who.email')}</dt>
        <dd className="col-sm-9">
          <Mail to={officer.email} />
        </dd>
        <dt className="col-sm-3">{t('who.address')}</dt>
        <dd className="col-sm-9">{officer.address}</dd>
      </dl>
    </Section>
  );
}

function Privacy({ legal }: { legal: LegalData }) {
  const { t } = useTranslation('legal');
  return (
    <>
      <p>{t('privacy.intro', { app: legal.app_name })}</p>
      <WhoWeAre legal={legal} />
      <Section title={t('privacy.collectTitle')}>
        <p>{t('privacy.collect')}</p>
      </Section>
      <Section title={t('privacy.whyTitle')}>
        <p>{t('privacy.why')}</p>
      </Section>
      <Section title={t('privacy.childrenTitle')}>
        <p>{t('privacy.children1')}</p>
        <p>{t('privacy.children2')}</p>
        <p>{t('privacy.children3')}</p>
      </Section>
      <Section title={t('privacy.sharingTitle')}>
        <p>{t('privacy.sharing')}</p>
      </Section>
      <Section title={t('privacy.retentionTitle')}>
        <p>{t('privacy.retention', { days: legal.retention_days })}</p>
      </Section>
      <Section title={t('privacy.rightsTitle')}>
        <p>{t('privacy.rights', { email: legal.grievance_officer.email, days: legal.grievance_response_days })}</p>
      </Section>
      <p className="small text-body-secondary mt-4 mb-0">{t('privacy.law')}</p>
    </>
  );
}

function Terms({ legal }: { legal: LegalData }) {
  const { t } = useTranslation('legal');
  const sections = ['account', 'minors', 'payments', 'wallet', 'content', 'conduct', 'changes'] as const;
  return (
    <>
      <p>{t('terms.intro', { app: legal.app_name })}</p>
      <WhoWeAre legal={legal} />
      {sections.map((key) => (
        <Section key={key} title={t(`terms.${key}Title`)}>
          <p>{t(`terms.${key}`)}</p>
        </Section>
      ))}
      <p className="small text-body-secondary mt-4 mb-0">{t('terms.law')}</p>
    </>
  );
}

/**
 * The privacy policy and the terms (issue 16, part 8): public, in the reader's language, naming the
 * operator, a contact and the grievance officer from the server's configuration, and saying how
 * children's data is handled.
 */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation('legal');
  const legal = useLegal();
  const title = kind === 'privacy' ? t('privacy.title') : t('terms.title');
  const other =
    kind === 'privacy' ? (
      <Link to={paths.terms.getHref()}>{t('links.terms')}</Link>
    ) : (
      <Link to={paths.privacyPolicy.getHref()}>{t('links.privacy')}</Link>
    );
  return (
    <main className="auth-page">
      <DocumentTitle title={title} />
      <div className="w-100" style={{ maxWidth: '48rem' }}>
        <div className="d-flex justify-content-end mb-2">
          <LanguagePicker />
        </div>
        <Link to={paths.home.getHref()} className="d-block text-center mb-4 text-decoration-none">
          <Brand />
        </Link>
        <Card className="auth-card border-0 shadow-sm legal-page">
          <Card.Body className="p-4 p-md-5">
            <h1 className="h3 mb-3">{title}</h1>
            {legal.isPending ? (
              <div className="text-center py-4">
                <Spinner animation="border" variant="primary" role="status" />
              </div>
            ) : legal.isError ? (
              <LoadError error={legal.error} onRetry={() => legal.refetch()} isRetrying={legal.isFetching} />
            ) : kind === 'privacy' ? (
              <Privacy legal={legal.data} />
            ) : (
              <Terms legal={legal.data} />
            )}
          </Card.Body>
        </Card>
        <p className="text-center small mt-3">{other}</p>
      </div>
    </main>
  );
}
