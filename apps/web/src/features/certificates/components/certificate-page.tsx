import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { Brand } from '@/components/ui/brand';
import { DocumentTitle } from '@/components/ui/document-title';
import { useCertificate } from '../api/get-certificate';
import { QrCode } from './qr-code';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="w-100" style={{ maxWidth: '40rem' }}>
        <div className="text-center mb-4"><Brand /></div>
        {children}
      </div>
    </main>
  );
}

/**
 * The public validation page of a certificate (no sign-in): who, which course, when, whether it is
 * still valid, a QR code of this page's address and the PDF.
 */
export function CertificatePage({ certificateId }: { certificateId: string }) {
  const certificate = useCertificate(certificateId);

  if (certificate.isPending) {
    return (
      <Frame>
        <div className="text-center py-5"><Spinner animation="border" variant="primary" role="status"><span className="visually-hidden">Loading certificate…</span></Spinner></div>
      </Frame>
    );
  }

  if (certificate.isError) {
    const isUnknown = certificate.error instanceof ApiError && (certificate.error.status === 404 || certificate.error.status === 422);
    return (
      <Frame>
        <DocumentTitle title={isUnknown ? 'Certificate not found' : 'Certificate'} />
        <Card className="auth-card border-0 shadow-sm text-center">
          <Card.Body className="p-4 p-md-5">
            {isUnknown && <p className="display-4 fw-bold text-primary mb-0" aria-hidden="true">404</p>}
            <h1 className="h3 mb-2">{isUnknown ? 'Certificate not found' : 'Could not check this certificate'}</h1>
            <p className="text-body-secondary mb-4">
              {isUnknown
                ? 'There is no certificate with this id. Check the address, or scan the QR code on the certificate again.'
                : errorMessage(certificate.error)}
            </p>
            <Link to={paths.home.getHref()} className="btn btn-primary">Back to Home</Link>
          </Card.Body>
        </Card>
      </Frame>
    );
  }

  const data = certificate.data;
  const pageUrl = `${window.location.origin}${paths.certificate.getHref(data.certificate_id)}`;
  return (
    <Frame>
      <DocumentTitle title={`Certificate: ${data.name}`} />
      <Card className="auth-card border-0 shadow-sm certificate-card">
        <Card.Body className="p-4 p-md-5">
          <div className="d-flex justify-content-between align-items-start gap-3 mb-3">
            <p className="text-uppercase small fw-semibold text-body-secondary mb-0 letter-spacing">Certificate of Completion</p>
            {data.is_valid
              ? <Badge bg="success" className="fs-6">Valid</Badge>
              : <Badge bg="danger" className="fs-6">Not valid</Badge>}
          </div>
          <h1 className="h2 mb-1">{data.name}</h1>
          <p className="mb-4">
            has completed <strong>{data.course}</strong>
          </p>
          <dl className="row mb-4">
            <dt className="col-sm-4 fw-normal text-body-secondary">Issued on</dt>
            <dd className="col-sm-8"><time dateTime={data.issued_at}>{dateFormat.format(new Date(data.issued_at))}</time></dd>
            <dt className="col-sm-4 fw-normal text-body-secondary">Status</dt>
            <dd className="col-sm-8">{data.is_valid ? 'Valid' : 'No longer valid (the purchase was refunded)'}</dd>
            <dt className="col-sm-4 fw-normal text-body-secondary">Certificate ID</dt>
            <dd className="col-sm-8 text-break font-monospace small">{data.certificate_id}</dd>
          </dl>
          <div className="d-flex flex-column flex-sm-row align-items-center gap-4">
            <QrCode value={pageUrl} label="QR code of this certificate's address" />
            <div className="text-center text-sm-start">
              <p className="small text-body-secondary">Scan the code to open this page and check the certificate.</p>
              <a href={data.pdf_url} className="btn btn-primary" download={`certificate-${data.certificate_id}.pdf`}>Download PDF</a>
            </div>
          </div>
        </Card.Body>
      </Card>
    </Frame>
  );
}
