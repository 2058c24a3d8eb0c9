import { AppError } from '../../lib/app-error.ts';
import { postgresErrorCode } from '../../lib/postgres-error.ts';

/** A row is still referenced by another table (foreign key). */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresErrorCode(error) === '23503';
}

/**
 * Runs a delete (in its own transaction) and turns "still referenced" into a 400 with `message`,
 * for the references a check before the delete could miss (a row added meanwhile).
 */
export async function refuseIfReferenced<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('BAD_REQUEST', message);
    throw error;
  }
}
