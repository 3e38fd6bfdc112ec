import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePattern } from '../../runtime/core/path';
import { TrieRouter } from '../../runtime/routing/trie-router';
import { routerCases, routerWith, type CaseRoute } from './router-cases';

const TrieRouterSuite = suite('TrieRouter');
routerCases(TrieRouterSuite, () => new TrieRouter<CaseRoute>());

TrieRouterSuite('adding a route after the first match is an error that says what to do', () => {
  const router = routerWith(() => new TrieRouter<CaseRoute>(), [['GET', '/a']]);
  router.match('GET', '/a');
  assert.throws(
    () => router.add({ id: 'late', order: 1, method: 'GET', segments: parsePattern('/b', 't') }),
    /add every route before the first match/,
  );
});

TrieRouterSuite.run();

const shadowing = suite('TrieRouter.shadowing');

function shadowOf(routes: [Parameters<typeof routerWith>[1][number][0], string][], index: number) {
  const router = routerWith(() => new TrieRouter<CaseRoute>(), routes) as TrieRouter<CaseRoute>;
  const target = { id: '', order: index, method: routes[index][0], segments: parsePattern(routes[index][1], 't') };
  return router.shadowing(target)?.id;
}

shadowing('names the earlier :param route that captures a later literal route', () => {
  assert.is(shadowOf([['GET', '/p/:id'], ['GET', '/p/search']], 1), 'GET /p/:id');
});

shadowing('finds nothing when the literal route comes first', () => {
  assert.is(shadowOf([['GET', '/p/search'], ['GET', '/p/:id']], 1), undefined);
});

shadowing('an earlier literal route does not shadow a later :param route', () => {
  assert.is(shadowOf([['GET', '/p/a'], ['GET', '/p/:id']], 1), undefined);
});

shadowing('another method does not shadow, but an earlier ALL route does', () => {
  assert.is(shadowOf([['POST', '/p/:id'], ['GET', '/p/x']], 1), undefined);
  assert.is(shadowOf([['ALL', '/p/:id'], ['GET', '/p/x']], 1), 'ALL /p/:id');
});

shadowing('a later ALL route is shadowed only by an earlier ALL route', () => {
  assert.is(shadowOf([['GET', '/p/:id'], ['ALL', '/p/x']], 1), undefined);
  assert.is(shadowOf([['ALL', '/p/:id'], ['ALL', '/p/x']], 1), 'ALL /p/:id');
});

shadowing('a duplicate route is shadowed by the first', () => {
  assert.is(shadowOf([['GET', '/p/:id'], ['GET', '/p/:slug']], 1), 'GET /p/:id');
});

shadowing.run();
