/** What the driver (pg or PGlite) reports of a PostgreSQL error. */
interface PostgresError {
  code: string;
  constraint?: string;
  message?: string;
}

/**
 * The PostgreSQL error behind an error, the first one with a SQLSTATE code: Drizzle wraps the
 * driver's error in `cause`; pg-boss throws the driver's own.
 */
function postgresError(error: unknown): PostgresError | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PostgresError;
  }
  return undefined;
}

/** The PostgreSQL error code (SQLSTATE) behind an error. */
export function postgresErrorCode(error: unknown): string | undefined {
  return postgresError(error)?.code;
}

/**
 * True when a unique index refused the row: any index, or only `constraint` (a name, or a pattern
 * tried on the constraint and the message, for indexes named by another library).
 */
export function isUniqueViolation(error: unknown, constraint?: string | RegExp): boolean {
  const found = postgresError(error);
  if (found?.code !== '23505') return false;
  if (constraint === undefined) return true;
  if (typeof constraint === 'string') return found.constraint === constraint;
  return constraint.test(`${found.constraint ?? ''} ${found.message ?? ''}`);
}
