import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { PageHeader } from '@/components/ui/page-header';
import { useTransactions } from '../api/get-transactions';
import { isHeldCredit } from '../utils/held-credits';
import { TransactionsTable } from './transactions-table';

// The two forms (with Zod and react-hook-form) load when first opened, not with the page.
const RedeemPointModal = lazy(() =>
  import('./redeem-point-modal').then((module) => ({ default: module.RedeemPointModal })),
);
const WithdrawModal = lazy(() => import('./withdraw-modal').then((module) => ({ default: module.WithdrawModal })));

interface WalletPageProps {
  /** The referral id with its copy button. */
  referralCode: ReactNode;
  /** The bank account a withdrawal goes to. */
  withdrawDestination: ReactNode;
  /**
   * Wraps redeem and withdraw: app/ passes consent's ConsentNeeded, which offers the next step instead while the
   * learner's consent is missing (issue 16).
   */
  ConsentGate: ComponentType<{ children: ReactNode }>;
}

/** One figure; on a phone each takes the full width, so an amount like ₹1,23,456.50 and a Malayalam label keep to one line. */
function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Col xs={12} sm={4}>
      <div className="h-100 rounded-3 bg-body-tertiary p-3">
        <div className="small text-body-secondary mb-1">{label}</div>
        <div className="fs-4 fw-semibold text-break" data-testid={testId}>
          {children}
        </div>
      </div>
    </Col>
  );
}

/** Wallet (docs/product/wallet-and-withdrawals.md#wallet-page): balance, points, referral id, redeem, withdraw and the transactions. */
export function WalletPage({ referralCode, withdrawDestination, ConsentGate }: WalletPageProps) {
  const [page, setPage] = useState(1);
  const [openForm, setOpenForm] = useState<'redeem' | 'withdraw' | null>(null);
  const ledger = useTransactions(page);
  const data = ledger.data;
  const { t } = useTranslation('wallet');
  const { inr, number } = useFormat();

  return (
    <>
      <PageHeader title={t('title')} />
      {ledger.isError && !data && (
        <Alert variant="danger">
          {errorMessage(ledger.error)}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => void ledger.refetch()}>
            {t('tryAgain')}
          </Button>
        </Alert>
      )}
      {ledger.isPending && (
        <div className="py-5 text-center">
          <Spinner animation="border" variant="primary" role="status">
            <span className="visually-hidden">{t('loading')}</span>
          </Spinner>
        </div>
      )}
      {data && (
        <>
          <Card className="border-0 shadow-sm mb-4">
            <Card.Body className="p-4">
              <Row className="g-3 mb-3">
                <Stat label={t('totalBalance')} testId="wallet-balance">
                  {inr(data.balance)}
                </Stat>
                <Stat label={t('points')} testId="wallet-points">
                  {number(data.points)}
                </Stat>
                <Stat label={t('referralId')}>
                  <span className="fs-5">{referralCode}</span>
                </Stat>
              </Row>
              {data.owed > 0 && (
                // A standing note (role), shown until the debt is paid: why the balance is less than the earnings.
                <Alert
                  variant="warning"
                  role="note"
                  transition={false}
                  className="small py-2 mb-3"
                  data-testid="owed-note"
                >
                  {t('owedNote', { amount: inr(data.owed) })}
                </Alert>
              )}
              {(data.points > 0 || data.balance > 0) && (
                <ConsentGate>
                  <div className="d-flex flex-wrap gap-2">
                    {data.points > 0 && (
                      <Button variant="primary" onClick={() => setOpenForm('redeem')}>
                        {t('redeemPoint')}
                      </Button>
                    )}
                    {data.balance > 0 && (
                      <Button variant="outline-primary" onClick={() => setOpenForm('withdraw')}>
                        {t('withdrawToAccount')}
                      </Button>
                    )}
                  </div>
                </ConsentGate>
              )}
            </Card.Body>
          </Card>
          <Card className="border-0 shadow-sm">
            <Card.Body className="p-4">
              <h2 className="h5 mb-3">{t('transactions')}</h2>
              {data.transactions.some(isHeldCredit) && (
                // A standing note, not an alert to announce (role). GET /transactions does not give the
                // refund window's length, so the note names no number of days; each row has its date.
                <Alert variant="info" role="note" transition={false} className="small py-2 mb-3">
                  {t('heldNote')}
                </Alert>
              )}
              <TransactionsTable data={data} onPage={setPage} isFetching={ledger.isFetching} />
            </Card.Body>
          </Card>
          <Suspense>
            {openForm === 'redeem' && (
              <RedeemPointModal show onHide={() => setOpenForm(null)} pointsHeld={data.points} balance={data.balance} />
            )}
            {openForm === 'withdraw' && (
              <WithdrawModal
                show
                onHide={() => setOpenForm(null)}
                balance={data.balance}
                destination={withdrawDestination}
              />
            )}
          </Suspense>
        </>
      )}
    </>
  );
}
