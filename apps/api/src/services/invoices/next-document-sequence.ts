import { sql, type SQL } from 'drizzle-orm';
import { invoiceSeries, type Tx } from '@app/db';
import type { InvoiceKind } from '@app/contracts';

/**
 * The next number of a kind's series in a financial year: one upsert that creates the series at 1 or
 * adds one, and returns the new value. The row stays locked until the transaction ends, so documents
 * of the same series are numbered one after another; a rollback undoes the increment (the number is
 * given back), which keeps the series gapless. Holding the lock serialises paid-marking per series
 * for the rest of the transaction: callers take the number last.
 */
export async function nextDocumentSequence(
  tx: Tx,
  options: { kind: InvoiceKind; financialYear: string },
): Promise<number> {
  const { rows } = await tx.execute<{ last_sequence: number }>(takeDocumentSequence({ ...options, when: sql`true` }));
  return Number(rows[0]!.last_sequence);
}

/**
 * The upsert of nextDocumentSequence as a statement to embed (in a WITH query), taking a number only
 * when `when` holds; RETURNING last_sequence. The financial year may be a prepared statement's placeholder.
 */
export function takeDocumentSequence(options: { kind: InvoiceKind; financialYear: string | SQL; when: SQL }): SQL {
  return sql`
    INSERT INTO ${invoiceSeries} (kind, financial_year, last_sequence)
    SELECT ${options.kind}::text, ${options.financialYear}::text, 1 WHERE ${options.when}
    ON CONFLICT (kind, financial_year) DO UPDATE SET last_sequence = ${invoiceSeries}.last_sequence + 1
    RETURNING last_sequence`;
}
