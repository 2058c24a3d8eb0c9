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

function FieldList({ items }: { items: { field: string; text: string }[] }) {
  return (
    <ul className="list-unstyled mb-0 small">
      {items.slice(0, SHOWN).map((item) => (
        <li key={item.field}>
          <span className="font-monospace">{item.field}</span>: {item.text}
        </li>
      ))}
      {items.length > SHOWN && <li className="text-body-secondary">and {items.length - SHOWN} more</li>}
    </ul>
  );
}

const fieldsOf = (value: unknown) =>
  isRecord(value) ? Object.entries(value).map(([field, v]) => ({ field, text: short(v) })) : [];

/**
 * One line per changed field ('price: 499 → 299'). A create shows 'Created', a delete 'Deleted';
 * an entry with one side only that is neither (e.g. a look at bank details) shows what it recorded.
 */
export function ChangeSummary({ action, before, after }: { action: string; before: unknown; after: unknown }) {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (!hasBefore && /\.create$/.test(action)) return <span className="text-body-secondary">Created</span>;
  if (!hasAfter && /\.delete$/.test(action)) return <span className="text-body-secondary">Deleted</span>;
  if (!hasBefore || !hasAfter) return <FieldList items={fieldsOf(hasAfter ? after : before)} />;
  const changes = fieldChanges(before, after);
  if (changes.length === 0) return <span className="text-body-secondary">No field changed</span>;
  return <FieldList items={changes.map((c) => ({ field: c.field, text: `${short(c.from)} → ${short(c.to)}` }))} />;
}
