import { RouteContext } from '../core/context';
import type { Middleware } from '../types';
import { createErrorHandler } from '../errors/error-handler';
import { malformedPathError } from '../errors/client-error';
import type { ErrorFormatter } from '../errors/http-error';
import { pathnameOf } from '../core/path';
import { splitRequestPath } from '../core/request-path';

/** The answer of {@link rejectMalformedPath} (./malformed-path.ts), a chunk loaded on its first call; `formatError` and `withCors` are the application's. */
export async function answerMalformedPath(request: Request, formatError: ErrorFormatter | undefined, withCors: Middleware | undefined): Promise<Response | undefined> {
  const path = pathnameOf(request.url);
  if (splitRequestPath(path) !== null) return undefined;
  const context = new RouteContext(request, {});
  const fail = createErrorHandler({ formatError });
  const answer = async () => fail(malformedPathError(path), context);
  return withCors ? ((await withCors(context, answer)) as Response) : answer();
}
