import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatIndiaLongDate } from '@app/contracts';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { Brand } from '@/components/ui/brand';
import { DocumentTitle } from '@/components/ui/document-title';
import { LanguagePicker } from '@/components/ui/language-picker';
import { LoadError } from '@/components/ui/load-error';
import { useFormat } from '@/lib/format';
import { PageLoading } from '@/components/ui/loading-overlay';
import { useCertificate } from '../api/get-certificate';
import { QrCode } from './qr-code';

/**
 * The brand and, since parents and schools open this page signed out, the language picker above it; from the top of
 * the page like the sign-in pages, so the picker stays put as the certificate replaces its short loading state.
 */
function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="w-100" style={{ maxWidth: '40rem' }}>
        <div className="d-flex justify-content-end mb-2">
          <LanguagePicker />
        </div>
        <div className="text-center mb-4">
          <Brand />
        </div>
        {children}
      </div>
    </main>
  );
}

/**
 * The public validation page of a certificate (no sign-in): who, which course, when, whether it is
 * still valid, a QR code of its validation address (the API's verify_url, as on the PDF) and the PDF.
 */
export function CertificatePage({ certificateId }: { certificateId: string }) {
  const { t } = useTranslation('certificates');
  const { language } = useFormat();
  const certificate = useCertificate(certificateId);

  if (certificate.isPending) {
    return (
      <Frame>
        <PageLoading label={t('page.loading')} />
      </Frame>
    );
  }

  if (certificate.isError) {
    const isUnknown =
      certificate.error instanceof ApiError && (certificate.error.status === 404 || certificate.error.status === 422);
    if (!isUnknown) {
      // A connection or server failure: the page is often opened in a tab of its own (from My Courses, or a QR code),
      // so it offers to try again where it is rather than a way elsewhere.
      return (
        <Frame>
          <DocumentTitle title={t('page.title')} />
          <Card className="auth-card border-0 shadow-sm text-center">
            <Card.Body className="p-4 p-md-5">
              <h1 className="h3 mb-3">{t('page.checkFailed')}</h1>
              <LoadError
                error={certificate.error}
                onRetry={() => certificate.refetch()}
                isRetrying={certificate.isFetching}
                className="text-start mb-0"
              />
            </Card.Body>
          </Card>
        </Frame>
      );
    }
    return (
      <Frame>
        <DocumentTitle title={t('page.notFound')} />
        <Card className="auth-card border-0 shadow-sm text-center">
          <Card.Body className="p-4 p-md-5">
            <p className="display-4 fw-bold text-primary mb-0" aria-hidden="true">
              404
            </p>
            <h1 className="h3 mb-2">{t('page.notFound')}</h1>
            <p className="text-body-secondary mb-4">{t('page.unknown')}</p>
            <Link to={paths.home.getHref()} className="btn btn-primary">
              {t('page.backHome')}
            </Link>
          </Card.Body>
        </Card>
      </Frame>
    );
  }

  const data = certificate.data;
  return (
    <Frame>
      <DocumentTitle title={t('page.titleNamed', { name: data.name })} />
      <Card className="auth-card border-0 shadow-sm certificate-card">
        <Card.Body className="p-4 p-md-5">
          <div className="d-flex justify-content-between align-items-start gap-3 mb-3">
            <p className="text-uppercase small fw-semibold text-body-secondary mb-0 letter-spacing">
              {t('page.ofCompletion')}
            </p>
            {data.is_valid ? (
              <Badge bg="success" className="fs-6">
                {t('page.valid')}
              </Badge>
            ) : (
              <Badge bg="danger" className="fs-6">
                {t('page.notValid')}
              </Badge>
            )}
          </div>
          <h1 className="h2 mb-1 text-break">{data.name}</h1>
          <p className="mb-4">
            <Trans
              t={t}
              i18nKey="page.hasCompleted"
              values={{ course: data.course }}
              components={{ strong: <strong /> }}
            />
          </p>
          <dl className="row mb-4">
            <dt className="col-sm-4 fw-normal text-body-secondary">{t('page.issuedOn')}</dt>
            <dd className="col-sm-8">
              <time dateTime={data.issued_at}>{formatIndiaLongDate(data.issued_at, language)}</time>
            </dd>
            <dt className="col-sm-4 fw-normal text-body-secondary">{t('page.status')}</dt>
            <dd className="col-sm-8">{data.is_valid ? t('page.valid') : t('page.refunded')}</dd>
            <dt className="col-sm-4 fw-normal text-body-secondary">{t('page.certificateId')}</dt>
            <dd className="col-sm-8 text-break font-monospace small">{data.certificate_id}</dd>
          </dl>
          <div className="d-flex flex-column flex-sm-row align-items-center gap-4">
            <QrCode value={data.verify_url} label={t('page.qrLabel')} />
            <div className="text-center text-sm-start">
              <p className="small text-body-secondary">{t('page.scan')}</p>
              <a href={data.pdf_url} className="btn btn-primary" download={`certificate-${data.certificate_id}.pdf`}>
                {t('page.download')}
              </a>
            </div>
          </div>
        </Card.Body>
      </Card>
    </Frame>
  );
}
