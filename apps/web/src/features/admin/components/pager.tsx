import { Pager as PageLinks } from '@/components/ui/pager';

/** The paging of a list the API answered. */
interface Paged {
  current_page: number;
  last_page: number;
  total: number;
}

interface PagerProps {
  /** The list's page; nothing is shown while it loads. */
  list: Paged | undefined;
  onPage: (page: number) => void;
  label: string;
}

/** The shared page links, with how many rows there are in all. */
export function Pager({ list, onPage, label }: PagerProps) {
  if (!list) return null;
  const { total } = list;
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
      <span className="small text-body-secondary">{total > 0 && `${total} ${total === 1 ? 'row' : 'rows'}`}</span>
      <PageLinks current={list.current_page} last={list.last_page} onPage={onPage} label={label} />
    </div>
  );
}
