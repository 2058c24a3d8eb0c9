import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { reissueCertificateBody, type AdminCertificate, type ReissueCertificateBody } from '@app/contracts';
import { paths } from '@/config/paths';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { AsyncContent } from '../../components/async-content';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../utils/format';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useCertificate } from '../api/get-certificate';
import { useReissueCertificate } from '../api/reissue-certificate';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8">{children}</dd>
    </>
  );
}

/** The printed name, corrected: the same certificate (id, course, date) is reissued under it. */
function ReissueForm({ certificate }: { certificate: AdminCertificate }) {
  const reissue = useReissueCertificate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }, unknown, ReissueCertificateBody>({
    resolver: formResolver(reissueCertificateBody),
    mode: 'onTouched',
    defaultValues: { name: certificate.holder_name },
  });
  const send = async (body: ReissueCertificateBody) => {
    try {
      const { message } = await reissue.mutateAsync({ id: certificate.id, body });
      notifications.success(message);
    } catch (error) {
      showServerError(error, { setError, fields: ['name'] });
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void handleSubmit(send)(event);
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Reissue certificate">
      <TextField
        id="certificate-name"
        label="Corrected name"
        autoComplete="off"
        maxLength={200}
        registration={register('name')}
        error={errors.name?.message}
      />
      <p className="small text-body-secondary">
        The certificate keeps its id, course and date; the page and the PDF show the new name. The change is audited.
      </p>
      <SubmitButton isBusy={isSubmitting || reissue.isPending}>Reissue</SubmitButton>
    </Form>
  );
}

function CertificateDetails({ certificate }: { certificate: AdminCertificate }) {
  return (
    <div style={{ maxWidth: '40rem' }}>
      <dl className="row small mb-3" aria-label="Certificate">
        <Fact label="Name on certificate">
          <strong>{certificate.holder_name}</strong>
        </Fact>
        <Fact label="Course">{certificate.course.name}</Fact>
        <Fact label="Issued">{formatDateTime(certificate.issued_at)}</Fact>
        {certificate.reissued_at && <Fact label="Reissued">{formatDateTime(certificate.reissued_at)}</Fact>}
        <Fact label="Status">
          {certificate.is_valid ? (
            <StatusBadge status="active" label="valid" />
          ) : (
            <StatusBadge status="refunded" label="no longer valid (refunded)" />
          )}
        </Fact>
        <Fact label="Learner's account">
          <Link to={paths.adminUser.getHref(certificate.user.id)}>{certificate.user.name}</Link> (
          {certificate.user.email})
        </Fact>
        <Fact label="Public page">
          <a href={certificate.verify_url} target="_blank" rel="noreferrer" className="text-break">
            {certificate.verify_url}
          </a>
        </Fact>
      </dl>
      <ReissueForm key={`${certificate.id}:${certificate.holder_name}`} certificate={certificate} />
    </div>
  );
}

/**
 * Find a certificate by its id and correct the holder's name. Certificates keep the name they were
 * issued to; a later profile edit does not change them, only a reissue here does.
 */
export function CertificateLookup() {
  const [id, setId] = useState('');
  const certificate = useCertificate(id);

  const onLookUp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setId(
      String(new FormData(event.currentTarget).get('certificate') ?? '')
        .trim()
        .toLowerCase(),
    );
  };

  return (
    <Card as="section" className="admin-card" aria-labelledby="certificates-title">
      <Card.Body>
        <h2 id="certificates-title" className="h5">
          Certificates
        </h2>
        <Form onSubmit={onLookUp} className="d-flex gap-2 mb-3" role="search" style={{ maxWidth: '36rem' }}>
          <Form.Control
            name="certificate"
            placeholder="Certificate ID"
            aria-label="Certificate ID"
            autoComplete="off"
            className="font-monospace"
            required
          />
          <Button type="submit" variant="outline-primary" className="text-nowrap">
            Look up
          </Button>
        </Form>
        {id && (
          <AsyncContent query={certificate} label="Loading the certificate…">
            {certificate.data && <CertificateDetails certificate={certificate.data} />}
          </AsyncContent>
        )}
      </Card.Body>
    </Card>
  );
}
