export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of `after` whose values differ from `before` (an audit entry's two sides). A field
 * only in `before` was not recorded after, which says nothing about a change, so it is left out.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  return Object.keys(after)
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, from: before[field], to: after[field] }));
}

function short(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return Array.isArray(value) ? `[${value.length}]` : '{…}';
  const text = String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

const SHOWN = 4;

/** One line per changed field ('price: 499 → 299'), or what happened when there is no before or after. */
export function ChangeSummary({ before, after }: { before: unknown; after: unknown }) {
  if (before === null || before === undefined) return <span className="text-body-secondary">Created</span>;
  if (after === null || after === undefined) return <span className="text-body-secondary">Deleted</span>;
  const changes = fieldChanges(before, after);
  if (changes.length === 0) return <span className="text-body-secondary">No field changed</span>;
  return (
    <ul className="list-unstyled mb-0 small">
      {changes.slice(0, SHOWN).map((change) => (
        <li key={change.field}>
          <span className="font-monospace">{change.field}</span>: {short(change.from)} → {short(change.to)}
        </li>
      ))}
      {changes.length > SHOWN && <li className="text-body-secondary">and {changes.length - SHOWN} more</li>}
    </ul>
  );
}
