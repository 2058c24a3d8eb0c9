import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Placeholder from 'react-bootstrap/Placeholder';
import { useTranslation } from 'react-i18next';
import { formatLevelProgress, levelProgressPercent, type LevelStatusData } from '@app/contracts';
import { CheckIcon } from '@/components/ui/icons';
import { useFormat } from '@/lib/format';
import { useAppMessage } from '@/lib/i18n';
import { useLevelStatus } from '../api/get-level-status';

/** level_end is an India calendar day (YYYY-MM-DD): its midnight in India time, e.g. '30 Jan 2025'. */
function formatDay(day: string, date: (at: Date) => string): string {
  const start = new Date(`${day}T00:00:00+05:30`);
  return Number.isNaN(start.getTime()) ? day : date(start);
}

/** One slot per required sub-user: a tick and the name once counted, '------' until then. */
function LevelSlots({ node, completedNode, names }: { node: number; completedNode: number; names: string[] }) {
  const { t } = useTranslation('referrals');
  const slots = Array.from({ length: Math.max(0, node) }, (_, index) => ({
    isDone: index < completedNode,
    name: names[index] ?? '',
  }));
  return (
    <ol className="level-slots list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label={t('level.slots')}>
      {slots.map((slot, index) => (
        <li
          // Slots have no identity beyond their position.
          key={index}
          className={`level-slot mw-100 border rounded px-2 py-1 small d-inline-flex align-items-center gap-1 ${slot.isDone ? 'border-success text-success-emphasis bg-success-subtle' : 'text-body-secondary bg-body-tertiary'}`}
          data-done={slot.isDone}
        >
          {slot.isDone ? (
            <>
              <CheckIcon />
              <span className="visually-hidden">{t('level.completedHidden')}</span>
              <span className="text-break">{slot.name || t('level.completed')}</span>
            </>
          ) : (
            <>
              <span aria-hidden="true">------</span>
              <span className="visually-hidden">{t('level.openSlot')}</span>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The level card's content for a loaded level status (docs/product/referrals-and-levels.md#level-card). */
export function LevelDetails({ status }: { status: LevelStatusData }) {
  const { t } = useTranslation('referrals');
  const { date, number } = useFormat();
  const message = useAppMessage();
  const percent = levelProgressPercent(status.completed_node, status.node);
  const percentText = `${formatLevelProgress(percent)}%`;
  return (
    <>
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-3">
        <div>
          <p className="text-body-secondary small mb-1">{t('level.current')}</p>
          <h2 className="h4 mb-0 d-flex align-items-center gap-2">
            {message(status.level_name)}
            <Badge bg="primary" pill className="fs-6 fw-normal">
              {t('level.number', { number: status.level_number })}
            </Badge>
          </h2>
        </div>
        <p className="mb-0 text-md-end small">
          <span className="text-body-secondary d-block">{t('level.endsOn')}</span>
          <span className="fw-semibold">{formatDay(status.level_end, date)}</span>
        </p>
      </div>
      {status.is_completed && <p className="text-success fw-semibold">{t('level.allDone')}</p>}
      <div className="d-flex justify-content-between small mb-1">
        <span>{t('level.progress')}</span>
        <span className="fw-semibold" data-testid="level-percent">
          {percentText}
        </span>
      </div>
      <div
        className="progress mb-2"
        role="progressbar"
        aria-label={t('level.progressLabel')}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={percentText}
      >
        <div className="progress-bar bg-primary" style={{ width: `${percent}%` }} />
      </div>
      <p className="mb-3">
        {t('level.daysLeft', { difference: number(status.difference), days: number(status.level_days) })}
      </p>
      <p className="small text-body-secondary mb-2">
        {t('level.subUsers', { completed: number(status.completed_node), node: number(status.node) })}
      </p>
      <LevelSlots node={status.node} completedNode={status.completed_node} names={status.completed_users} />
    </>
  );
}

/** Dashboard: level name, end date, progress, days left and the sub-user slots. */
export function LevelCard() {
  const { t } = useTranslation('referrals');
  const level = useLevelStatus();
  return (
    <Card className="border-0 shadow-sm h-100">
      <Card.Body className="p-4">
        {level.data ? (
          <LevelDetails status={level.data} />
        ) : level.isError ? (
          <div role="alert" className="text-danger">
            {t('level.loadFailed')}{' '}
            <Button variant="link" className="p-0 align-baseline" onClick={() => void level.refetch()}>
              {t('level.tryAgain')}
            </Button>
          </div>
        ) : (
          // A status, so that its name is allowed (a plain div may not carry aria-label) and read out politely.
          <Placeholder as="div" animation="glow" role="status" aria-busy="true" aria-label={t('level.loading')}>
            <Placeholder xs={4} size="lg" className="mb-3 d-block" />
            <Placeholder xs={12} className="mb-2 d-block" />
            <Placeholder xs={7} className="d-block" />
          </Placeholder>
        )}
      </Card.Body>
    </Card>
  );
}
