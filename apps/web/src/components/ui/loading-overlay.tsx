import Spinner from 'react-bootstrap/Spinner';

/** Covers the page while something it depends on loads. */
export function LoadingOverlay({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
