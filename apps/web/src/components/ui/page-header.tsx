import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';

/** A page's one h1 (and the document title). */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-header d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
      <DocumentTitle title={title} />
      <h1 className="h3 mb-0">{title}</h1>
      {children}
    </div>
  );
}
