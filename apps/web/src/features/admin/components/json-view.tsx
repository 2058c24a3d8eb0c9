/** A value as indented JSON ('—' for none). */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  if (value === null || value === undefined) return <span className="text-body-secondary">—</span>;
  return (
    <pre className="admin-json mb-0" aria-label={label}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
