import { HttpError, type HttpErrorOptions } from './http-error';

// Out of http-error.ts, which is in what importing the library loads: only lazily loaded chunks raise these.

/**
 * An HttpError made without running the Error constructor, for the errors the library raises about a client's request
 * (bad body, failed validation, malformed path, no route): nobody reads their stack, and capturing one, even empty,
 * was a third of a 422's cost and most of what a 404 added. It is an `HttpError` and an `Error` like any other, with
 * no `stack`.
 */
export function clientError(status: number, message: string, options: HttpErrorOptions = {}): HttpError {
  const error = Object.create(HttpError.prototype) as { -readonly [K in keyof HttpError]: HttpError[K] };
  error.name = 'HttpError';
  error.message = message;
  error.status = status;
  if (options.headers !== undefined) error.headers = options.headers;
  if (options.details !== undefined) error.details = options.details;
  if (options.errors !== undefined) error.errors = options.errors;
  if (options.cause !== undefined) error.cause = options.cause;
  return error;
}

/** The 400 of a path whose percent-encoding does not decode: from the router, and from the proxy helper alike. */
export function malformedPathError(path: string): HttpError {
  return clientError(400, `Malformed percent-encoding in path ${path}`);
}
