import { Fragment, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/ui/page-header';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { AsyncContent, EmptyRow } from '../../components/async-content';
import { JsonView } from '../../components/json-view';
import { Pager } from '../../components/pager';
import { formatDateTime } from '../../utils/format';
import { ChangeSummary } from './change-summary';
import { useListParams } from '../../utils/list-params';
import { useAudit } from '../api/get-audit';

const filterKeys = ['actor', 'entity', 'entity_id', 'action', 'from', 'to'] as const;

/** A date input (YYYY-MM-DD, the operator's day) as the instant it starts; `to` is the start of the day after. */
function dayStart(day: string, plusDays = 0): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return undefined;
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/** Every admin action: who, when, what, and the values before and after. Append-only. */
export function AuditPage() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const [openId, setOpenId] = useState<number | null>(null);
  const audit = useAudit({
    page,
    actor: filters.actor,
    entity: filters.entity,
    entity_id: filters.entity_id,
    action: filters.action,
    from: dayStart(filters.from),
    to: dayStart(filters.to, 1),
  });

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (key: string) => String(form.get(key) ?? '').trim();
    setFilters({
      actor: value('actor'),
      entity: value('entity'),
      entity_id: value('entity_id'),
      action: value('action'),
      from: value('from'),
      to: value('to'),
    });
  };

  return (
    <>
      <PageHeader title="Audit log" />
      <Form onSubmit={onFilter} className="admin-filters" aria-label="Filters" key={JSON.stringify(filters)}>
        <Form.Group controlId="audit-actor">
          <Form.Label className="small mb-1">Actor (user id)</Form.Label>
          <Form.Control name="actor" type="number" min={1} defaultValue={filters.actor} />
        </Form.Group>
        <Form.Group controlId="audit-entity">
          <Form.Label className="small mb-1">Entity</Form.Label>
          <Form.Control name="entity" placeholder="courses, purchases…" defaultValue={filters.entity} />
        </Form.Group>
        <Form.Group controlId="audit-entity-id">
          <Form.Label className="small mb-1">Entity id</Form.Label>
          <Form.Control name="entity_id" placeholder="42" defaultValue={filters.entity_id} />
        </Form.Group>
        <Form.Group controlId="audit-action">
          <Form.Label className="small mb-1">Action</Form.Label>
          <Form.Control name="action" placeholder="course.update…" defaultValue={filters.action} />
        </Form.Group>
        <Form.Group controlId="audit-from">
          <Form.Label className="small mb-1">From</Form.Label>
          <Form.Control name="from" type="date" defaultValue={filters.from} />
        </Form.Group>
        <Form.Group controlId="audit-to">
          <Form.Label className="small mb-1">To</Form.Label>
          <Form.Control name="to" type="date" defaultValue={filters.to} />
        </Form.Group>
        <Button type="submit">Filter</Button>
        <Button
          variant="outline-secondary"
          onClick={() => setFilters({ actor: '', entity: '', entity_id: '', action: '', from: '', to: '' })}
        >
          Clear
        </Button>
      </Form>
      <AsyncContent query={audit}>
        <ResponsiveTable regionLabel="Audit log" className="admin-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Entity</th>
              <th scope="col">Changes</th>
              <th scope="col">
                <span className="visually-hidden">Before and after</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {audit.data?.data.length === 0 && <EmptyRow colSpan={6}>No entries match.</EmptyRow>}
            {audit.data?.data.map((entry) => {
              const isOpen = openId === entry.id;
              return (
                <Fragment key={entry.id}>
                  <tr>
                    <td className="small text-nowrap">{formatDateTime(entry.created_at)}</td>
                    <td className="small">
                      {entry.actor ? (
                        <>
                          <Link to={paths.adminUser.getHref(entry.actor.id)}>{entry.actor.name}</Link>
                          <div className="text-body-secondary">{entry.actor.email}</div>
                        </>
                      ) : (
                        <span className="text-body-secondary">System</span>
                      )}
                    </td>
                    <td className="small font-monospace">{entry.action}</td>
                    <td className="small text-nowrap">
                      {entry.entity}
                      {entry.entity_id && (
                        <>
                          {' '}
                          <button
                            type="button"
                            className="btn btn-link btn-sm p-0 align-baseline"
                            title="This row's whole history"
                            onClick={() =>
                              setFilters({ ...filters, entity: entry.entity, entity_id: entry.entity_id ?? '' })
                            }
                          >
                            #{entry.entity_id}
                          </button>
                        </>
                      )}
                    </td>
                    <td>
                      <ChangeSummary action={entry.action} before={entry.before} after={entry.after} />
                    </td>
                    <td className="text-end text-nowrap">
                      <Button
                        size="sm"
                        variant="link"
                        aria-expanded={isOpen}
                        aria-controls={`audit-${entry.id}-detail`}
                        onClick={() => setOpenId(isOpen ? null : entry.id)}
                      >
                        {isOpen ? 'Hide JSON' : 'Before / after'}
                      </Button>
                    </td>
                  </tr>
                  {isOpen && (
                    <tr id={`audit-${entry.id}-detail`}>
                      <td colSpan={6} className="bg-body-tertiary">
                        <div className="row g-3">
                          <div className="col-md-6">
                            <p className="small fw-semibold mb-1">Before</p>
                            <JsonView value={entry.before} label={`Before, entry ${entry.id}`} />
                          </div>
                          <div className="col-md-6">
                            <p className="small fw-semibold mb-1">After</p>
                            <JsonView value={entry.after} label={`After, entry ${entry.id}`} />
                          </div>
                        </div>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </ResponsiveTable>
        <Pager list={audit.data} onPage={setPage} label="Audit pages" />
      </AsyncContent>
    </>
  );
}
