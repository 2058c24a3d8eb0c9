import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DocumentTitle } from '@/components/ui/document-title';

export default function NotFoundRoute() {
  return (
    <main className="not-found d-flex flex-column align-items-center justify-content-center text-center px-3">
      <DocumentTitle title="Page not found" />
      <p className="display-1 fw-bold text-primary mb-0" aria-hidden="true">404</p>
      <h1 className="h3 mb-2">Page not found</h1>
      <p className="text-body-secondary mb-4">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home.getHref()} className="btn btn-primary">Back to Home</Link>
    </main>
  );
}
