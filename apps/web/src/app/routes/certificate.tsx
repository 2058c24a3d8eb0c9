import { useParams } from 'react-router';
import { CertificatePage } from '@/features/certificates/components/certificate-page';

/** Public: anyone holding a certificate's id may check it, signed in or not. */
export default function CertificateRoute() {
  const { id = '' } = useParams();
  return <CertificatePage key={id} certificateId={id} />;
}
