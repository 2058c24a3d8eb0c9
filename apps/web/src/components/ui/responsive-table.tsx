import Table, { type TableProps } from 'react-bootstrap/Table';

interface ResponsiveTableProps extends Omit<TableProps, 'responsive'> {
  /** Names the scrolling region for screen readers, e.g. 'Transactions'. */
  regionLabel: string;
}

/**
 * `<Table responsive>` whose scrolling wrapper takes keyboard focus: on a narrow screen the table
 * scrolls sideways, and a region that scrolls must be reachable without a mouse (WCAG 2.1.1).
 */
export function ResponsiveTable({ regionLabel, ...tableProps }: ResponsiveTableProps) {
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-label={regionLabel}>
      <Table {...tableProps} />
    </div>
  );
}
