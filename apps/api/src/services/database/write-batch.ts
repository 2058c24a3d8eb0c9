import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';

/** A value the batch's statement returns, readable once the batch has run. */
export interface BatchValue<T> {
  readonly value: T;
}

type Step = (db: DbOrTx) => Promise<void>;

/**
 * Writes that belong together, sent to the database as one statement: each is a data-modifying
 * WITH query of `WITH w1 AS (…), w2 AS (…) SELECT …`, so the whole batch costs one round trip.
 * Services decide in TypeScript and add their INSERTs and UPDATEs here; the caller runs the batch.
 *
 * What one statement changes: every part sees the database as it was when the statement started,
 * not the other parts' changes (a part that needs another's rows reads its RETURNING through the
 * name `add` gives back), and two parts must not update the same row. Values the statement should
 * return (a count, whether a guarded UPDATE matched) are `output`s; `then` adds steps that run
 * after it, in order, for what depends on those values.
 */
export class WriteBatch {
  private readonly parts: SQL[] = [];
  private readonly outputs: Array<{ expression: SQL; slot: { value: unknown } }> = [];
  private readonly steps: Step[] = [];

  /** Adds a statement (an INSERT, UPDATE or DELETE, with RETURNING if others read it); returns its name. */
  add(statement: SQLWrapper): SQL {
    const name = sql`${sql.identifier(`w${this.parts.length + 1}`)}`;
    this.parts.push(sql`${name} AS (${statement.getSQL()})`);
    return name;
  }

  /** A scalar expression the statement returns (it may read the parts' names), turned into a value by `parse`. */
  output<T>(expression: SQL, parse: (raw: unknown) => T): BatchValue<T> {
    const slot: { value: unknown } = { value: undefined };
    this.outputs.push({ expression, slot });
    let parsed: { value: T } | null = null;
    return {
      get value(): T {
        parsed ??= { value: parse(slot.value) };
        return parsed.value;
      },
    };
  }

  /** A step to run after the statement, e.g. a check of an output, or writes that depend on one. */
  then(step: Step): void {
    this.steps.push(step);
  }

  /** Sends the statement (none when nothing was added), then runs the steps. */
  async run(db: DbOrTx): Promise<void> {
    if (this.parts.length > 0 || this.outputs.length > 0) {
      const columns =
        this.outputs.length > 0
          ? sql.join(
              this.outputs.map((output, i) => sql`${output.expression} AS ${sql.identifier(`o${i + 1}`)}`),
              sql`, `,
            )
          : sql`1`;
      const withClause = this.parts.length > 0 ? sql`WITH ${sql.join(this.parts, sql`, `)} ` : sql``;
      const { rows } = await db.execute<Record<string, unknown>>(sql`${withClause}SELECT ${columns}`);
      const row = rows[0] ?? {};
      this.outputs.forEach((output, i) => {
        output.slot.value = row[`o${i + 1}`];
      });
    }
    for (const step of this.steps) await step(db);
  }
}

/** Outputs as the drivers return them: counts may come back as strings, booleans as booleans. */
export const asNumber = (raw: unknown): number => Number(raw ?? 0);
export const asBoolean = (raw: unknown): boolean => raw === true || raw === 't';
