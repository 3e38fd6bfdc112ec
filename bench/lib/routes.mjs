// The synthetic API every candidate serves, and the answers it gives. No framework is imported here.
export const BASE = '/api';

// Ten routes per controller: statics and `:param`s over GET/POST/PUT/DELETE. No two overlap and no static segment
// sits beside a `:param` one (e.g. `/search` next to `/:id`), so Hono keeps its fastest router, RegExpRouter (it
// falls back to its TrieRouter on such sets), and nothing is shadowed.
const TEMPLATE = [
  ['GET', ''],
  ['POST', ''],
  ['GET', '/:id'],
  ['PUT', '/:id'],
  ['DELETE', '/:id'],
  ['GET', '/:id/items'],
  ['POST', '/:id/items'],
  ['GET', '/:id/items/:itemId'],
  ['PUT', '/:id/items/:itemId'],
  ['DELETE', '/:id/items/:itemId'],
];

/** `count` routes (a multiple of 10) in declaration order: controller `c<i>` holds routes `c<i>.r0`…`c<i>.r9`. */
export function syntheticRoutes(count) {
  const routes = [];
  for (let c = 0; c < count / TEMPLATE.length; c++) {
    TEMPLATE.forEach(([method, path], r) => routes.push({ controller: c, prefix: `/c${c}`, method, path, name: `r${r}`, id: `c${c}.r${r}` }));
  }
  return routes;
}

/** Requests of the dispatch benchmark for an app of `count` routes. */
export function requestsFor(count) {
  const last = count / TEMPLATE.length - 1;
  const mid = Math.floor(count / TEMPLATE.length / 2);
  return {
    first: { method: 'GET', path: `${BASE}/c0`, route: 'c0.r0', params: {} },
    last: { method: 'DELETE', path: `${BASE}/c${last}/7/items/9`, route: `c${last}.r9`, params: { id: '7', itemId: '9' } },
    param: { method: 'GET', path: `${BASE}/c${mid}/42`, route: `c${mid}.r2`, params: { id: '42' } },
    miss: { method: 'GET', path: `${BASE}/nope`, status: 404 },
  };
}

/** The body every route answers: its id and its params, in a fixed key order whatever the router's params order. */
export function answer(route, params) {
  return { route, id: params.id, itemId: params.itemId };
}

export const JSON_HEADERS = { 'content-type': 'application/json' };

/** The response builder runtime/core/response.ts uses for a JSON body (same calls, same arguments). */
export function jsonResponse(value, status = 200) {
  const body = JSON.stringify(value);
  const response = status === 200 ? new Response(body) : new Response(body, { status });
  response.headers.set('content-type', 'application/json');
  return response;
}

export function notFoundBody(method, path) {
  return { success: false, statusCode: 404, message: `Cannot ${method} ${path}` };
}

