import type { RouteContext } from '../core/context';
import type { ErrorResponder } from '../errors/error-handler';
import { HttpError } from '../errors/http-error';
import { principalIdOf } from '../metadata/principal-id';
import type { RouteDefinition } from '../routing/route-definitions';
import type { RequestLogger } from './logger';

/** What the dispatcher calls once a request is answered (`createApplication({ log })`). */
export interface RequestLog {
  /** The error handler, remembering the error each request was answered for. */
  fail(fail: ErrorResponder): ErrorResponder;
  /** Writes the request's line: `started` is `performance.now()` when it came, `definition` its route (none for a miss). */
  done(context: RouteContext, response: Response, started: number, definition: RouteDefinition | undefined): void;
}

/**
 * The request log (a chunk, loaded by the dispatcher when `log` is set): one line per request after its response,
 * with its method, route template (the path, without the query, for a request no route matched), status, duration,
 * request id, principal id when authenticated, and the number of field errors of a 422; a 5xx with its error. Never a
 * body, a header's value (`authorization`, cookies) or the query.
 */
export function requestLog(log: RequestLogger): RequestLog {
  if (typeof log !== 'object' || log === null || ['info', 'warn', 'error'].some((level) => typeof (log as unknown as Record<string, unknown>)[level] !== 'function')) {
    throw new TypeError('createApplication({ log }) takes a logger with info, warn and error methods (pino\'s shape), e.g. pino().');
  }
  // The error each request was answered for (the last one, when a formatError failed too).
  const errors = new WeakMap<RouteContext, unknown>();
  return {
    fail(fail) {
      return (error, context) => {
        errors.set(context, error);
        return fail(error, context);
      };
    },
    done(context, response, started, definition) {
      const { request } = context;
      const status = response.status;
      const method = request.method;
      const route = definition ? definition.path : pathOf(request.url);
      const fields: Record<string, unknown> = {
        requestId: context.requestId,
        method,
        route,
        status,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
      };
      const principalId = principalIdOf(context);
      if (principalId !== undefined) fields.principalId = principalId;
      // Only an error answer has an error: a 200 skips the lookup.
      const error = status >= 400 ? errors.get(context) : undefined;
      if (error !== undefined && HttpError.is(error) && Array.isArray(error.errors)) fields.validationErrors = error.errors.length;
      const message = `${method} ${route} ${status}`;
      try {
        if (status >= 500) {
          if (error !== undefined) fields.err = HttpError.is(error) && error.status >= 500 && error.cause !== undefined ? error.cause : error;
          log.error(fields, message);
        } else if (status >= 400) log.warn(fields, message);
        else log.info(fields, message);
      } catch (logError) {
        console.error('next-app-controllers: the log threw:', logError);
      }
    },
  };
}

function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const end = url.search(/[?#]/);
  return end === -1 ? url.slice(start) : url.slice(start, end);
}
