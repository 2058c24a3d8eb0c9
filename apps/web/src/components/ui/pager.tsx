import Pagination from 'react-bootstrap/Pagination';
import { useTranslation } from 'react-i18next';

/** The pages to offer: the first, the last, and two either side of the current one; null is a gap. */
export function pageWindow(current: number, last: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= last; page += 1) {
    if (page === 1 || page === last || Math.abs(page - current) <= 2) pages.push(page);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}

interface PagerProps {
  current: number;
  last: number;
  onPage: (page: number) => void;
  label: string;
}

/** Numbered pages with previous and next. */
export function Pager({ current, last, onPage, label }: PagerProps) {
  const { t } = useTranslation('common');
  if (last <= 1) return null;
  return (
    <nav aria-label={label}>
      <Pagination size="sm" className="mb-0 flex-wrap">
        <Pagination.Prev disabled={current <= 1} onClick={() => onPage(current - 1)} aria-label={t('pager.previous')} />
        {pageWindow(current, last).map((page, index) =>
          page === null ? (
            <Pagination.Ellipsis key={`gap-${index}`} disabled />
          ) : (
            <Pagination.Item
              key={page}
              active={page === current}
              onClick={() => onPage(page)}
              aria-label={t('pager.page', { page })}
            >
              {page}
            </Pagination.Item>
          ),
        )}
        <Pagination.Next disabled={current >= last} onClick={() => onPage(current + 1)} aria-label={t('pager.next')} />
      </Pagination>
    </nav>
  );
}
