import { HttpError } from './http-error';
import { json } from './response';

/** The one error body: `{ "success": false, "statusCode": status, "message": message, ...details }`. */
export function errorResponse(status: number, message: string, headers?: HeadersInit, details?: Record<string, unknown>): Response {
  return json({ success: false, statusCode: status, message, ...details }, { status, headers });
}

/** Called with every error that becomes a 500. Return a Response to send it instead of the default body. */
export type ErrorHook = (error: unknown, request: Request) => Response | void | Promise<Response | void>;

/** Maps anything thrown while answering a request to a JSON response; nothing of a 500's cause reaches the client. */
export async function errorToResponse(error: unknown, request: Request, onError: ErrorHook | undefined): Promise<Response> {
  if (HttpError.is(error)) {
    return errorResponse(error.status, error.message, error.headers, error.details);
  }
  try {
    const custom = onError ? await onError(error, request) : logError(error, request);
    if (custom instanceof Response) return custom;
  } catch (hookError) {
    logError(hookError, request);
  }
  return errorResponse(500, 'Internal Server Error');
}

function logError(error: unknown, request: Request): void {
  console.error(`next-app-controllers: unhandled error answering ${request.method} ${request.url}:`, error);
}
