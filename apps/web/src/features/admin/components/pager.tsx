import { Pager as PageLinks } from '@/components/ui/pager';

interface PagerProps {
  current: number;
  last: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}

/** The shared page links, with how many rows there are in all. */
export function Pager({ total, ...links }: PagerProps) {
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
      <span className="small text-body-secondary">{total > 0 && `${total} ${total === 1 ? 'row' : 'rows'}`}</span>
      <PageLinks {...links} />
    </div>
  );
}
