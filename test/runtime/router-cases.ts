import * as assert from 'uvu/assert';
import type { Test } from 'uvu';
import { parsePattern } from '../../runtime/core/path';
import type { RoutableRoute, Router } from '../../runtime/routing/router';
import type { RouteMethod } from '../../runtime/types';

export interface CaseRoute extends RoutableRoute {
  id: string;
}

export type RouterFactory = () => Router<CaseRoute>;

/** Builds a router from `[method, path]` pairs; each route's id is `METHOD path`. */
export function routerWith(create: RouterFactory, routes: [RouteMethod, string][]): Router<CaseRoute> {
  const router = create();
  routes.forEach(([method, path], order) => router.add({ id: `${method} ${path}`, order, method, segments: parsePattern(path, 'test') }));
  return router;
}

/** The found route's id and params, or null for any other outcome. */
function matched(router: Router<CaseRoute>, method: string, path: string) {
  const outcome = router.match(method, path);
  return outcome.kind === 'found' ? { id: outcome.route.id, params: outcome.params } : null;
}

/** The cases every router must pass, in the manner of Hono's common.case.test.ts. */
export function routerCases(test: Test, create: RouterFactory): void {
  test('a static route matches its own path only', () => {
    const router = routerWith(create, [['GET', '/api/posts']]);
    assert.equal(matched(router, 'GET', '/api/posts'), { id: 'GET /api/posts', params: {} });
    assert.is(matched(router, 'GET', '/api/post'), null);
    assert.is(matched(router, 'GET', '/api/posts/1'), null);
    assert.is(matched(router, 'GET', '/api'), null);
  });

  test('a trailing slash on the request path matches the same route', () => {
    const router = routerWith(create, [['GET', '/api/posts'], ['GET', '/api/posts/:id']]);
    assert.equal(matched(router, 'GET', '/api/posts/'), { id: 'GET /api/posts', params: {} });
    assert.equal(matched(router, 'GET', '/api/posts/7/'), { id: 'GET /api/posts/:id', params: { id: '7' } });
  });

  test('the root path matches a route declared as "/"', () => {
    const router = routerWith(create, [['GET', '/']]);
    assert.equal(matched(router, 'GET', '/'), { id: 'GET /', params: {} });
    assert.is(matched(router, 'GET', '/x'), null);
  });

  test('a :param segment captures one non-empty segment, percent-decoded', () => {
    const router = routerWith(create, [['GET', '/api/posts/:id/comments/:commentId']]);
    assert.equal(matched(router, 'GET', '/api/posts/a%20b/comments/%C3%A9'), {
      id: 'GET /api/posts/:id/comments/:commentId',
      params: { id: 'a b', commentId: 'é' },
    });
    assert.equal(matched(router, 'GET', '/api/posts/a%2Fb/comments/1')?.params, { id: 'a/b', commentId: '1' });
    assert.is(matched(router, 'GET', '/api/posts//comments/1'), null);
  });

  test('static segments match their percent-decoded request form', () => {
    const router = routerWith(create, [['GET', '/api/café']]);
    assert.equal(matched(router, 'GET', '/api/caf%C3%A9')?.id, 'GET /api/café');
  });

  test('malformed percent-encoding is the malformed-path outcome, never a throw', () => {
    const router = routerWith(create, [['GET', '/api/posts/:id'], ['GET', '/api/posts']]);
    assert.equal(router.match('GET', '/api/posts/%E0%A4%A'), { kind: 'malformed-path' });
    assert.equal(router.match('POST', '/api/%zz'), { kind: 'malformed-path' });
  });

  test('a path no route has is not found; a path other methods have is method-not-allowed with Allow', () => {
    const router = routerWith(create, [['GET', '/api/posts'], ['POST', '/api/posts'], ['DELETE', '/api/posts/:id'], ['ALL', '/api/any/:x']]);
    assert.equal(router.match('GET', '/api/nope'), { kind: 'not-found' });
    assert.equal(router.match('PUT', '/api/posts'), { kind: 'method-not-allowed', allow: 'GET, POST, HEAD, OPTIONS' });
    assert.equal(router.match('GET', '/api/posts/7/'), { kind: 'method-not-allowed', allow: 'DELETE, OPTIONS' });
    assert.equal(router.match('PROPFIND', '/api/posts'), { kind: 'method-not-allowed', allow: 'GET, POST, HEAD, OPTIONS' });
    assert.is(router.match('PROPFIND', '/api/any/1').kind, 'found');
  });

  test('Allow holds the methods of every matching route, also ones a first-declared route shadows', () => {
    const router = routerWith(create, [['GET', '/a/:id'], ['PUT', '/a/b'], ['PATCH', '/:x/b']]);
    assert.equal(router.match('DELETE', '/a/b'), { kind: 'method-not-allowed', allow: 'GET, PUT, PATCH, HEAD, OPTIONS' });
  });

  test('HEAD falls back to the GET route; OPTIONS without an @Options route is method-not-allowed', () => {
    const router = routerWith(create, [['GET', '/api/posts/:id'], ['HEAD', '/api/head']]);
    assert.equal(matched(router, 'HEAD', '/api/posts/1'), { id: 'GET /api/posts/:id', params: { id: '1' } });
    assert.equal(matched(router, 'HEAD', '/api/head'), { id: 'HEAD /api/head', params: {} });
    assert.equal(router.match('OPTIONS', '/api/posts/1'), { kind: 'method-not-allowed', allow: 'GET, HEAD, OPTIONS' });
    assert.equal(router.match('GET', '/api/head'), { kind: 'method-not-allowed', allow: 'HEAD, OPTIONS' });
  });

  test('the method must match, and ALL matches every method', () => {
    const router = routerWith(create, [['POST', '/api/posts'], ['ALL', '/api/any']]);
    assert.is(matched(router, 'GET', '/api/posts'), null);
    assert.equal(matched(router, 'POST', '/api/posts')?.id, 'POST /api/posts');
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND']) {
      assert.equal(matched(router, method, '/api/any')?.id, 'ALL /api/any', method);
    }
  });

  test('the first declared match wins, with no priority for static over dynamic segments', () => {
    const router = routerWith(create, [['GET', '/api/posts/:id'], ['GET', '/api/posts/search']]);
    assert.equal(matched(router, 'GET', '/api/posts/search'), { id: 'GET /api/posts/:id', params: { id: 'search' } });
  });

  test('a literal route declared before a colliding :param route wins for its path', () => {
    const router = routerWith(create, [['GET', '/api/posts/search'], ['GET', '/api/posts/:id']]);
    assert.equal(matched(router, 'GET', '/api/posts/search')?.id, 'GET /api/posts/search');
    assert.equal(matched(router, 'GET', '/api/posts/9')?.id, 'GET /api/posts/:id');
  });

  test('order holds across branches of different shape', () => {
    const router = routerWith(create, [
      ['GET', '/api/:a/x'],
      ['GET', '/api/b/:c'],
      ['ALL', '/api/:d/:e'],
      ['GET', '/api/b/x'],
    ]);
    assert.equal(matched(router, 'GET', '/api/b/x'), { id: 'GET /api/:a/x', params: { a: 'b' } });
    assert.equal(matched(router, 'GET', '/api/b/y'), { id: 'GET /api/b/:c', params: { c: 'y' } });
    assert.equal(matched(router, 'POST', '/api/b/x'), { id: 'ALL /api/:d/:e', params: { d: 'b', e: 'x' } });
  });

  test('an ALL route declared first shadows a later method route', () => {
    const router = routerWith(create, [['ALL', '/api/x'], ['GET', '/api/x']]);
    assert.equal(matched(router, 'GET', '/api/x')?.id, 'ALL /api/x');
  });

  test('of two identical routes the first declared wins', () => {
    const router = create();
    router.add({ id: 'first', order: 0, method: 'GET', segments: parsePattern('/a/:id', 't') });
    router.add({ id: 'second', order: 1, method: 'GET', segments: parsePattern('/a/:other', 't') });
    assert.equal(matched(router, 'GET', '/a/1'), { id: 'first', params: { id: '1' } });
  });

  test('params of one match do not leak into the next', () => {
    const router = routerWith(create, [['GET', '/a/:id'], ['GET', '/a/b']]);
    matched(router, 'GET', '/a/b')!.params.id = 'changed';
    assert.equal(matched(router, 'GET', '/a/b')?.params, { id: 'b' });
  });

  test('matching is case-sensitive', () => {
    const router = routerWith(create, [['GET', '/api/Posts']]);
    assert.is(matched(router, 'GET', '/api/posts'), null);
  });

  test('10,000 routes keep exact answers for first, last, param and missing paths', () => {
    const routes: [RouteMethod, string][] = [];
    for (let i = 0; i < 10_000; i++) routes.push([i % 2 ? 'POST' : 'GET', i % 3 ? `/api/r${i}/items` : `/api/r${i}/items/:id`]);
    const router = routerWith(create, routes);
    assert.equal(matched(router, 'GET', '/api/r0/items/5'), { id: 'GET /api/r0/items/:id', params: { id: '5' } });
    assert.equal(matched(router, 'POST', '/api/r9999/items/1'), { id: 'POST /api/r9999/items/:id', params: { id: '1' } });
    assert.is(matched(router, 'POST', '/api/r9999/items'), null);
    assert.equal(matched(router, 'GET', '/api/r9998/items')?.id, 'GET /api/r9998/items');
    assert.is(matched(router, 'GET', '/api/r10000/items'), null);
  });
}
