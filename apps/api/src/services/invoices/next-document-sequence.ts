import { sql, type SQL } from 'drizzle-orm';
import { invoiceSeries, type Tx } from '@app/db';
import type { InvoiceKind } from '@app/contracts';

/** A number taken from a series, and the date its document bears. */
export interface DocumentNumberTaken {
  sequence: number;
  /** The time asked for, or the previous number's date when that is later (see takeDocumentSequence). */
  issuedAt: Date;
}

/**
 * The next number of a kind's series in a financial year: one upsert that creates the series at 1 or
 * adds one, and returns the new value with the date the document is to bear. The row stays locked
 * until the transaction ends, so documents of the same series are numbered one after another; a
 * rollback undoes the increment (the number is given back), which keeps the series gapless. Holding
 * the lock serialises paid-marking per series for the rest of the transaction: callers take the number
 * last.
 */
export async function nextDocumentSequence(
  tx: Tx,
  options: { kind: InvoiceKind; financialYear: string; at: Date },
): Promise<DocumentNumberTaken> {
  const { rows } = await tx.execute<{ last_sequence: number; last_issued_at: string | Date }>(
    takeDocumentSequence({ ...options, at: sql`${options.at.toISOString()}::timestamptz`, when: sql`true` }),
  );
  return { sequence: Number(rows[0]!.last_sequence), issuedAt: new Date(rows[0]!.last_issued_at) };
}

/**
 * The upsert of nextDocumentSequence as a statement to embed (in a WITH query), taking a number only
 * when `when` holds; RETURNING last_sequence and last_issued_at. The financial year and `at` may be a
 * prepared statement's placeholders.
 *
 * The document is dated `at`, or the date of the number before it when that is later
 * (`greatest`, read from the series row after its lock: the latest version). A caller takes `at`
 * before waiting for the lock, so a payment at 23:59:59 that waited while another, at 00:00:01,
 * took a number would otherwise bear the next number and the earlier date: numbers out of date
 * order across a midnight (decision 063). Both dates lie in the series' financial year, so the
 * document's does too.
 */
export function takeDocumentSequence(options: {
  kind: InvoiceKind;
  financialYear: string | SQL;
  at: SQL;
  when: SQL;
}): SQL {
  return sql`
    INSERT INTO ${invoiceSeries} (kind, financial_year, last_sequence, last_issued_at)
    SELECT ${options.kind}::text, ${options.financialYear}::text, 1, ${options.at} WHERE ${options.when}
    ON CONFLICT (kind, financial_year) DO UPDATE SET last_sequence = ${invoiceSeries}.last_sequence + 1,
      last_issued_at = greatest(${invoiceSeries}.last_issued_at, excluded.last_issued_at)
    RETURNING last_sequence, last_issued_at`;
}
