import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { formatInr, paiseToRupees, rupeesToPaise, type SharedBy, type WithdrawalSharing } from '@app/contracts';
import { paths } from '@/config/paths';

const otherUsers = (n: number) => `${n} other user${n === 1 ? '' : 's'}`;

const sharedByText: Record<SharedBy, string> = {
  account: 'same account',
  pan: 'same PAN',
  both: 'same account and PAN',
};

/** What the withdrawal shares, in sentences: the account paid to, the learner's PAN. */
function sharedSentences({ account, pan }: WithdrawalSharing): string[] {
  return [
    ...(account > 0 ? [`This account is also used by ${otherUsers(account)}.`] : []),
    ...(pan > 0 ? [`This learner's PAN is also on the bank details of ${otherUsers(pan)}.`] : []),
  ];
}

/** What the users sharing the account or PAN owe (decision 069), in a sentence; null when they owe nothing. */
function owedSentence({ account, pan, owed }: WithdrawalSharing): string | null {
  if (owed <= 0) return null;
  const what = account > 0 && pan > 0 ? 'this account or PAN' : account > 0 ? 'this account' : 'this PAN';
  return `Users sharing ${what} owe ${formatInr(owed)} from refunds that could not be taken back.`;
}

/**
 * The list's marker for a withdrawal whose account or PAN other users share (one person behind many sign-ups has
 * every one's earnings paid to one account), beside the learner's name: the names of the others are in the dialog.
 */
export function SharedMarker({ sharing }: { sharing: WithdrawalSharing }) {
  if (sharing.total === 0) return null;
  // What the others owe ends the last line: a debt a refund could not take back is the strongest sign of a ring.
  const owes = sharing.owed > 0 && (
    <span className="fw-semibold text-danger-emphasis">
      {' · '}
      <span className="text-nowrap">others owe {formatInr(sharing.owed)}</span>
    </span>
  );
  const line = (what: string, n: number, isLast: boolean) =>
    n > 0 && (
      <div className="small text-warning-emphasis">
        <Badge bg="warning" text="dark">
          Shared {what}
        </Badge>{' '}
        with {otherUsers(n)}
        {isLast && owes}
      </div>
    );
  return (
    <div className="mt-1 d-grid gap-1" data-testid="shared-marker">
      {line('account', sharing.account, sharing.pan === 0)}
      {line('PAN', sharing.pan, true)}
    </div>
  );
}

/**
 * The warning in the settle dialog: who else uses this account or PAN, each linking to their page (their ledger),
 * and what they owe (decision 069). A signal, not a block: the operator may still pay (decision 043).
 */
export function SharedWarning({ sharing, isPaying }: { sharing: WithdrawalSharing; isPaying: boolean }) {
  if (sharing.total === 0) return null;
  const unnamed = sharing.total - sharing.users.length;
  const owed = owedSentence(sharing);
  const unnamedOwePaise =
    rupeesToPaise(sharing.owed) - sharing.users.reduce((sum, user) => sum + rupeesToPaise(user.owed), 0);
  return (
    <Alert variant="warning" className="small py-2" data-testid="shared-warning">
      {sharedSentences(sharing).map((sentence) => (
        <p key={sentence} className="fw-semibold mb-1">
          {sentence}
        </p>
      ))}
      {owed && (
        <p className="fw-semibold text-danger-emphasis mb-1" data-testid="shared-owed">
          {owed}
        </p>
      )}
      <ul className="mb-1 ps-3">
        {sharing.users.map((user) => (
          <li key={user.id}>
            {/* A new tab: the dialog (and the payment started) stays as it is. */}
            <Link to={paths.adminUser.getHref(user.id)} target="_blank" rel="noopener">
              {user.name}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </Link>{' '}
            <span className="text-body-secondary text-break">
              #{user.id} · <span className="font-monospace">{user.referral_code}</span> · {sharedByText[user.by]}
            </span>
            {user.owed > 0 && (
              <span className="fw-semibold text-danger-emphasis">
                {' · '}
                <span className="text-nowrap">owes {formatInr(user.owed)}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
      {unnamed > 0 && (
        <p className="mb-1">
          …and {unnamed} more, not listed here
          {unnamedOwePaise > 0 ? `; they owe ${formatInr(paiseToRupees(unnamedOwePaise))}.` : '.'}
        </p>
      )}
      <p className="mb-0">
        {isPaying
          ? 'You can still pay it. Many sign-ups sharing one bank account or PAN are a sign of a referral farm: check these users first.'
          : 'Many sign-ups sharing one bank account or PAN are a sign of a referral farm.'}
      </p>
    </Alert>
  );
}
