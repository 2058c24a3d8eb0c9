import Card from 'react-bootstrap/Card';
import type { AdminConsent } from '@app/contracts';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../utils/format';
import { DateOfBirthCorrectionForm } from './date-of-birth-correction-form';
import { Fact } from './fact';
import { NameGuardianForm } from './name-guardian-form';

const statusLabel: Record<AdminConsent['status'], string> = {
  not_needed: 'not needed (18 or over)',
  dob_needed: 'no date of birth',
  needed: 'needed, not asked',
  pending: 'pending',
  given: 'given',
  withdrawn: 'withdrawn',
};

/** Where the operator may name another guardian: a minor whose consent is not given. */
const canNameGuardian = new Set<AdminConsent['status']>(['needed', 'pending', 'withdrawn']);

/**
 * A learner's date of birth, their guardian's consent (decision 024) and the operator's two tools: the
 * date's correction and another guardian named.
 */
export function UserConsent({
  userId,
  consent,
  isErased = false,
}: {
  userId: number;
  consent: AdminConsent;
  /** The learner's personal data was deleted (decision 066): the facts that are left, no tool. */
  isErased?: boolean;
}) {
  const { guardian } = consent;
  return (
    <Card className="admin-card mt-4">
      <Card.Body>
        <h2 className="h5">Date of birth and consent</h2>
        <dl className="row small" aria-label="Date of birth and consent">
          <Fact label="Date of birth">
            {consent.date_of_birth ? `${consent.date_of_birth} (age ${consent.age ?? '—'})` : null}
          </Fact>
          <Fact label="Consent">
            <StatusBadge status={consent.status} label={statusLabel[consent.status]} />
            {consent.is_link_expired && <StatusBadge status="inactive" label="link expired" />}
          </Fact>
          <Fact label="Guardian">
            {guardian ? (
              <>
                {guardian.name}
                {consent.is_named_by_operator && <span className="text-body-secondary"> (named by an operator)</span>}
              </>
            ) : null}
          </Fact>
          <Fact label="Guardian contact">{guardian ? (guardian.email ?? guardian.mobile) : null}</Fact>
          <Fact label="Asked">{consent.requested_at ? formatDateTime(consent.requested_at) : null}</Fact>
          {consent.given_at && <Fact label="Given">{formatDateTime(consent.given_at)}</Fact>}
          {consent.withdrawn_at && <Fact label="Withdrawn">{formatDateTime(consent.withdrawn_at)}</Fact>}
        </dl>
        {!isErased && (
          <DateOfBirthCorrectionForm
            key={consent.date_of_birth ?? ''}
            userId={userId}
            dateOfBirth={consent.date_of_birth}
          />
        )}
        {!isErased && canNameGuardian.has(consent.status) && <NameGuardianForm userId={userId} />}
      </Card.Body>
    </Card>
  );
}
