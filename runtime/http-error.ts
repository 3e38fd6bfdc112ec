const BRAND = Symbol.for('next-app-controllers.HttpError');

export interface HttpErrorOptions {
  cause?: unknown;
  /** Headers sent with the error response (e.g. `WWW-Authenticate`, `Retry-After`). */
  headers?: HeadersInit;
  /** Extra fields merged into the JSON error body. */
  details?: Record<string, unknown>;
}

/**
 * Throw it from a handler or middleware to answer with `status` and
 * `{ "success": false, "statusCode": status, "message": message, ...details }`.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly headers?: HeadersInit;
  readonly details?: Record<string, unknown>;

  constructor(status: number, message?: string, options: HttpErrorOptions = {}) {
    super(message ?? defaultMessage(status), options.cause === undefined ? undefined : { cause: options.cause });
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new RangeError(`HttpError status must be an HTTP error status from 400 to 599, got ${status}.`);
    }
    this.name = 'HttpError';
    this.status = status;
    this.headers = options.headers;
    this.details = options.details;
  }

  /** True for HttpErrors from any copy of this library (ESM and CJS builds may both be loaded). */
  static is(error: unknown): error is HttpError {
    return error instanceof HttpError || (typeof error === 'object' && error !== null && (error as never)[BRAND] === true);
  }
}
Object.defineProperty(HttpError.prototype, BRAND, { value: true });

/**
 * An HttpError without a captured stack trace, for the errors the library raises about a client's request (bad body,
 * failed validation, malformed path): nobody reads their stack, and capturing it was a third of a 422's cost.
 */
export function clientError(status: number, message: string, options?: HttpErrorOptions): HttpError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new HttpError(status, message, options);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

const MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

function defaultMessage(status: number): string {
  return MESSAGES[status] ?? 'Error';
}

const named = (status: number) =>
  class extends HttpError {
    constructor(message?: string, options?: HttpErrorOptions) {
      super(status, message, options);
    }
  };

export const BadRequestError = named(400);
export const UnauthorizedError = named(401);
export const ForbiddenError = named(403);
export const NotFoundError = named(404);
export const ConflictError = named(409);
