import { messages } from '@app/contracts';

/** Error codes and the HTTP status each maps to. */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_UNVERIFIED: 417,
  VALIDATION: 422,
  TOO_MANY_REQUESTS: 429,
} as const;
export type ErrorCode = keyof typeof errorStatus;

/** A business error: a code, a message the learner can read, and for VALIDATION the field errors. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: Record<string, string[]> | undefined;
  readonly retryAfterSeconds: number | undefined;
  /**
   * Answered before the request's body was read, which is then not worth reading (an upload larger than its route
   * takes): the answer closes the connection, where Node would otherwise read the rest of the body to keep it open.
   */
  readonly closesConnection: boolean;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: Record<string, string[]>; retryAfterSeconds?: number; closesConnection?: boolean } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.closesConnection = options.closesConnection ?? false;
  }

  get statusCode(): number {
    return errorStatus[this.code];
  }

  /** A 422 for one field. */
  static field(field: string, message: string, options: { closesConnection?: boolean } = {}): AppError {
    return new AppError('VALIDATION', message, { errors: { [field]: [message] }, ...options });
  }

  static badRequest(message: string): AppError {
    return new AppError('BAD_REQUEST', message);
  }

  static notFound(message: string = messages.notFound): AppError {
    return new AppError('NOT_FOUND', message);
  }

  static forbidden(message: string = messages.forbidden): AppError {
    return new AppError('FORBIDDEN', message);
  }
}
