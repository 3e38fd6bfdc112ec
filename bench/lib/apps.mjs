// The same synthetic API built four ways: ours, Hono, find-my-way, and the floor.
import FindMyWay from 'find-my-way';
import { BASE, answer, jsonResponse, notFoundBody } from './routes.mjs';

export * from './routes.mjs';
export { buildOurs } from './build-ours.mjs';
export { buildHono } from './build-hono.mjs';

export function buildFindMyWay(routes) {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  for (const route of routes) {
    const id = route.id;
    router.on(route.method, `${BASE}${route.prefix}${route.path}`, (request, params) => jsonResponse(answer(id, params)));
  }
  return (request) => {
    const path = pathOf(request.url);
    const found = router.find(request.method, path);
    return found === null ? jsonResponse(notFoundBody(request.method, path), 404) : found.handler(request, found.params);
  };
}

/** The floor for one request: no routing, the answer known in advance, built with the same builder as ours. */
export function buildFloor(expected) {
  if (expected.status === 404) return (request) => jsonResponse(notFoundBody(request.method, expected.path), 404);
  const { route, params } = expected;
  return () => jsonResponse(answer(route, params));
}

function pathOf(url) {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  const end = url.indexOf('?', start);
  return end === -1 ? url.slice(start) : url.slice(start, end);
}
