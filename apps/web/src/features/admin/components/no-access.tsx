import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DocumentTitle } from '@/components/ui/document-title';

/** What a signed-in learner without the admin role sees at /admin: no console, a way back. */
export function NoAccess() {
  return (
    <main className="not-found d-flex flex-column align-items-center justify-content-center text-center px-3">
      <DocumentTitle title="No access" />
      <p className="display-1 fw-bold text-primary mb-0" aria-hidden="true">
        403
      </p>
      <h1 className="h3 mb-2">You do not have access</h1>
      <p className="text-body-secondary mb-4">This area is for the people who run Live Connect.</p>
      <Link to={paths.home.getHref()} className="btn btn-primary">
        Back to Home
      </Link>
    </main>
  );
}
