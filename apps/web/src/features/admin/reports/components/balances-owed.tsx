import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { showServerError } from '../../utils/server-errors';
import { downloadFile } from '../../api/download-file';
import { useBalanceSnapshots } from '../api/get-balance-snapshots';

/** "2026-11" as "November 2026". */
function monthName(month: string): string {
  return new Date(`${month}-15T00:00:00Z`).toLocaleDateString('en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Now in India time, for the file's name: balances-owed-2026-12-01-0930-IST.csv. */
function nowFileName(): string {
  const stamp = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 16).replace(':', '').replace('T', '-');
  return `balances-owed-${stamp}-IST.csv`;
}

/**
 * Balances owed (decision 067): what the business owes each learner, as at the moment it is downloaded, and the
 * snapshots the workers take of it at 00:00 India time on the 1st of each month. Each file comes through the API
 * with the operator's token (downloadFile), never from a public link.
 */
export function BalancesOwed() {
  const snapshots = useBalanceSnapshots();
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (key: string, path: string, fileName: string) => {
    setBusy(key);
    try {
      await downloadFile(path, fileName);
    } catch (error) {
      showServerError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="balances-owed" className="card mt-4">
      <div className="card-body">
        <div className="d-flex flex-column flex-md-row gap-3 align-items-md-center">
          <div className="flex-grow-1">
            <h2 id="balances-owed" className="h5 mb-1">
              Balances owed
            </h2>
            <p className="small text-body-secondary mb-0">
              What the business owes each learner right now: wallet balance, withdrawals asked for and not yet paid,
              credits still held in their refund window, points at today’s redeem rate; and what learners owe back after
              refunds. Totals on the last lines, with the moment it was taken (India time). Not for a period: the dates
              above do not apply.
            </p>
          </div>
          <SubmitButton
            type="button"
            className="text-nowrap flex-shrink-0"
            isBusy={busy === 'now'}
            disabled={busy !== null}
            onClick={() => void download('now', '/admin/reports/balances', nowFileName())}
          >
            Download CSV<span className="visually-hidden">: Balances owed now</span>
          </SubmitButton>
        </div>
        <h3 className="h6 mt-4 mb-2">Month-end snapshots</h3>
        <p className="small text-body-secondary">
          Taken at 00:00 India time on the 1st of each month, for the month that ended, and kept as they were taken.
        </p>
        {snapshots.isPending ? (
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">Loading snapshots…</span>
          </Spinner>
        ) : snapshots.isError ? (
          <Alert variant="danger" className="mb-0">
            The snapshots could not be loaded.
          </Alert>
        ) : snapshots.data.length === 0 ? (
          <p className="small mb-0">No snapshot yet: the first is taken when this month ends.</p>
        ) : (
          <ul className="list-group" aria-label="Month-end snapshots">
            {snapshots.data.map((snapshot) => (
              <li
                key={snapshot.month}
                className="list-group-item d-flex flex-wrap gap-2 align-items-center justify-content-between"
              >
                <span>
                  {monthName(snapshot.month)}
                  <span className="small text-body-secondary ms-2">{(snapshot.size / 1024).toFixed(1)} KB</span>
                </span>
                <SubmitButton
                  type="button"
                  variant="outline-primary"
                  size="sm"
                  className="text-nowrap"
                  isBusy={busy === snapshot.month}
                  disabled={busy !== null}
                  onClick={() =>
                    void download(
                      snapshot.month,
                      `/admin/reports/balances/snapshots/${snapshot.month}`,
                      snapshot.file_name,
                    )
                  }
                >
                  Download<span className="visually-hidden">: {monthName(snapshot.month)}</span>
                </SubmitButton>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
