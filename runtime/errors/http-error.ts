import type { RouteContext } from '../core/context';

// The one errors module: the error class and the reason phrases, in what importing the library loads. Everything else
// (the error handler with the default body, problemDetails, the OpenAPI generator, the malformed-path proxy, the
// library's own client errors in client-error.ts) reads these. The body's JSON schema is in
// runtime/openapi/features/error-schemas.ts, so that only the OpenAPI chunk carries it.

const BRAND = Symbol.for('next-app-controllers.HttpError');

/** Where a value that failed validation came from: `'body'` (`@Body`), `'query'` (`@Query`), `'path'` (`@Params`), `'header'` (`@Headers`), `'form'` (`@Form`). */
export type FieldLocation = 'body' | 'query' | 'path' | 'header' | 'form';

/** One field that failed validation: its path, the message, and where the value came from (the `errors` of an error body). */
export interface FieldError {
  /** Dotted path of the field: `title`, `address.city`, `items.0.name`. */
  field: string;
  message: string;
  /** Where the value came from. */
  in: FieldLocation;
}

/** The options of an {@link HttpError}: its cause, the response's headers, extra fields of the body and field errors. */
export interface HttpErrorOptions {
  /** The error that led to this one. Never sent to the client by the default format. */
  cause?: unknown;
  /** Headers sent with the error response (e.g. `WWW-Authenticate`, `Retry-After`, `Allow`). */
  headers?: HeadersInit;
  /** Extra fields merged into the default JSON error body. */
  details?: Record<string, unknown>;
  /** Field errors, e.g. of a failed validation (the 422 of `@Body`). */
  errors?: FieldError[];
}

/**
 * Throw it from a handler or middleware to answer with `status`. The body is the application's `formatError`'s, by
 * default `{ "success": false, "statusCode": status, "message": message, ...details }`.
 */
export class HttpError extends Error {
  /** The HTTP status of the answer, 400 to 599. */
  readonly status: number;
  /** Headers sent with the error response. */
  readonly headers?: HeadersInit;
  /** Extra fields merged into the default JSON error body. */
  readonly details?: Record<string, unknown>;
  /** Field errors, e.g. of a failed validation. */
  readonly errors?: FieldError[];

  constructor(status: number, message?: string, options: HttpErrorOptions = {}) {
    super(message ?? reasonPhrase(status), options.cause === undefined ? undefined : { cause: options.cause });
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new RangeError(`HttpError status must be an HTTP error status from 400 to 599, got ${status}.`);
    }
    this.name = 'HttpError';
    this.status = status;
    this.headers = options.headers;
    this.details = options.details;
    this.errors = options.errors;
  }

  /** True for HttpErrors from any copy of this library (ESM and CJS builds may both be loaded, and the proxy entry carries its own). */
  static is(error: unknown): error is HttpError {
    return typeof error === 'object' && error !== null && (error as never)[BRAND] === true;
  }

  /**
   * `instanceof HttpError` answers as {@link HttpError.is} does, so that an error of another copy of the library (the
   * proxy entry's, the CommonJS build's) is one too; a subclass (`instanceof NotFoundError`) checks its prototype as usual.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return this === HttpError ? HttpError.is(value) : Function.prototype[Symbol.hasInstance].call(this, value);
  }
}
Object.defineProperty(HttpError.prototype, BRAND, { value: true });

/** RFC 9110's reason phrases: the default message of an HttpError, problem details' `title`, OpenAPI descriptions. */
export const REASON_PHRASES: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Client Error' : 'Success');
}

/**
 * Turns an error answer into its body (a value sent as JSON with `error.status` and `error.headers`) or a whole
 * Response. `context.request` is the request; `context.params` is empty when no route matched.
 */
export type ErrorFormatter = (error: HttpError, context: RouteContext) => unknown | Promise<unknown>;

const named = (status: number) =>
  class extends HttpError {
    constructor(message?: string, options?: HttpErrorOptions) {
      super(status, message, options);
    }
  };

/** An {@link HttpError} with status 400 (Bad Request): `new BadRequestError(message?, options?)`; the message defaults to `Bad Request`. @class */
export const BadRequestError = named(400);
/** An {@link HttpError} with status 401 (Unauthorized): `new UnauthorizedError(message?, options?)`; the message defaults to `Unauthorized`. @class */
export const UnauthorizedError = named(401);
/** An {@link HttpError} with status 403 (Forbidden): `new ForbiddenError(message?, options?)`; the message defaults to `Forbidden`. @class */
export const ForbiddenError = named(403);
/** An {@link HttpError} with status 404 (Not Found): `new NotFoundError(message?, options?)`; the message defaults to `Not Found`. @class */
export const NotFoundError = named(404);
/** An {@link HttpError} with status 409 (Conflict): `new ConflictError(message?, options?)`; the message defaults to `Conflict`. @class */
export const ConflictError = named(409);
