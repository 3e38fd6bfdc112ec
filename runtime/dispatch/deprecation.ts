import type { Handler } from '../routing/compose';
import type { ErrorResponder } from '../errors/error-handler';
import type { DeprecatedOptions } from '../types';

/**
 * The headers of a deprecated route's responses:
 * - `Deprecation` (RFC 9745 §2): a Structured Field Date, `@` and Unix seconds. RFC 9745 has no "deprecated, date
 *   unknown" value (its drafts' `true` is gone), and a date in the past means "has been deprecated", so a route
 *   deprecated without `since` sends `@0`. Any `Sunset` is then later, as §4 requires.
 * - `Sunset` (RFC 8594): an HTTP-date, `Sun, 30 Jun 2024 23:59:59 GMT`.
 * - `Link: <…>; rel="deprecation"` (RFC 9745 §3), added to the response's own `Link` values.
 */
export function deprecationHeaders({ since, sunset, link }: DeprecatedOptions): [name: string, value: string][] {
  const headers: [string, string][] = [['deprecation', `@${since === undefined ? 0 : Math.floor(new Date(since).getTime() / 1000)}`]];
  if (sunset !== undefined) headers.push(['sunset', new Date(sunset).toUTCString()]);
  if (link !== undefined) headers.push(['link', `<${link}>; rel="deprecation"`]);
  return headers;
}

/**
 * A deprecated route's chain, wrapped so that every response it answers carries the deprecation headers: its
 * successes and its errors alike (a 422 of a deprecated route tells the client about the deprecation too), and what
 * global middleware answers for it. A response whose headers cannot change (one from `fetch`) is copied first.
 */
export function deprecate(run: Handler, deprecation: DeprecatedOptions, fail: ErrorResponder): Handler {
  const headers = deprecationHeaders(deprecation);
  const mark = (response: Response): Response => {
    try {
      setAll(response.headers, headers);
      return response;
    } catch {
      const copy = new Response(response.body, response);
      setAll(copy.headers, headers);
      return copy;
    }
  };
  return (context) => {
    let answer: Response | Promise<Response>;
    try {
      answer = run(context);
    } catch (error) {
      answer = fail(error, context);
    }
    return answer instanceof Response ? mark(answer) : answer.then(mark, (error: unknown) => Promise.resolve(fail(error, context)).then(mark));
  };
}

function setAll(target: Headers, headers: readonly [string, string][]): void {
  for (const [name, value] of headers) {
    if (name === 'link') target.append(name, value);
    else target.set(name, value);
  }
}
