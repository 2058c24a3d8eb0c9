import Badge from 'react-bootstrap/Badge';

const variants: Record<string, string> = {
  paid: 'success',
  Done: 'success',
  counted: 'success',
  released: 'success',
  active: 'success',
  published: 'success',
  pending: 'warning',
  Pending: 'warning',
  held: 'warning',
  failed: 'danger',
  Rejected: 'danger',
  rejected: 'danger',
  refunded: 'secondary',
  draft: 'secondary',
  inactive: 'secondary',
  given: 'success',
  not_needed: 'success',
  needed: 'warning',
  dob_needed: 'warning',
  withdrawn: 'danger',
};

/** A status word in its colour. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const variant = variants[status] ?? 'secondary';
  return (
    <Badge bg={variant} text={variant === 'warning' ? 'dark' : undefined} className="text-capitalize">
      {label ?? status}
    </Badge>
  );
}
