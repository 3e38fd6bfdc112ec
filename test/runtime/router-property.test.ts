import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePattern } from '../../runtime/core/path';
import { LinearRouter } from '../../runtime/routing/linear-router';
import { TrieRouter } from '../../runtime/routing/trie-router';
import type { Router } from '../../runtime/routing/router';
import type { RouteMethod } from '../../runtime/types';
import type { CaseRoute } from './router-cases';

const property = suite('TrieRouter against LinearRouter');

/** mulberry32: a small seeded generator, so a failure prints a seed that reproduces it. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ROUTE_METHODS: RouteMethod[] = ['GET', 'GET', 'POST', 'PUT', 'DELETE', 'ALL'];
const REQUEST_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
// Few distinct literals so that tables overlap, shadow and share prefixes; some need percent-decoding.
const LITERALS = ['a', 'b', 'ab', 'x%20y', 'a%2Fb', '%C3%A9'];
const VALUES = ['a', 'b', 'ab', '7', 'x%20y', 'x y', 'a%2Fb', '%61', 'é', '%C3%A9', '', 'search'];

function pick<T>(next: () => number, list: readonly T[]): T {
  return list[Math.floor(next() * list.length)];
}

function randomTable(next: () => number): CaseRoute[] {
  const routes: CaseRoute[] = [];
  const count = 1 + Math.floor(next() * 24);
  for (let order = 0; order < count; order++) {
    const depth = Math.floor(next() * 4);
    const parts: string[] = [];
    for (let i = 0; i < depth; i++) parts.push(next() < 0.35 ? `:p${i}` : pick(next, LITERALS));
    const path = `/${parts.join('/')}`;
    const method = pick(next, ROUTE_METHODS);
    routes.push({ id: `${order} ${method} ${path}`, order, method, segments: parsePattern(path, 'property test') });
  }
  return routes;
}

/** Paths near the table's routes (params filled with random values) and a few unrelated or malformed ones. */
function randomPath(next: () => number, routes: readonly CaseRoute[]): string {
  const roll = next();
  if (roll < 0.05) return pick(next, ['/', '//', '/%E0%A4%A', '/a/%', '/a//b', '/a/b/c/d/e']);
  const segments: string[] = [];
  if (roll < 0.8) {
    for (const part of pick(next, routes).segments) {
      segments.push(part.kind === 'param' || next() < 0.1 ? pick(next, VALUES) : encodeURIComponent(part.value));
    }
  } else {
    const depth = Math.floor(next() * 5);
    for (let i = 0; i < depth; i++) segments.push(pick(next, VALUES));
  }
  return `/${segments.join('/')}${next() < 0.2 ? '/' : ''}`;
}

function answer(router: Router<CaseRoute>, method: string, path: string) {
  const outcome = router.match(method, path);
  return outcome.kind === 'found' ? { id: outcome.route.id, params: { ...outcome.params } } : outcome;
}

property('return the same route and params on thousands of random route tables and paths', () => {
  const tables = 3000;
  let compared = 0;
  for (let seed = 1; seed <= tables; seed++) {
    const next = random(seed);
    const routes = randomTable(next);
    const linear = new LinearRouter<CaseRoute>();
    const trie = new TrieRouter<CaseRoute>();
    for (const route of routes) {
      linear.add(route);
      trie.add(route);
    }
    for (let i = 0; i < 25; i++) {
      const path = randomPath(next, routes);
      for (let k = 0; k < 3; k++) {
        const method = pick(next, REQUEST_METHODS);
        const expected = answer(linear, method, path);
        const actual = answer(trie, method, path);
        if (JSON.stringify(actual) !== JSON.stringify(expected)) {
          const table = routes.map((route) => route.id).join('\n  ');
          assert.equal(actual, expected, `seed ${seed}: ${method} ${path} on\n  ${table}`);
        }
        compared++;
      }
    }
  }
  assert.ok(compared === tables * 75);
});

property('still agree on the 10,000-route table shape, for the first, middle, last and missing routes', () => {
  const routes: CaseRoute[] = [];
  for (let c = 0; c < 1000; c++) {
    for (const [method, path] of [['GET', ''], ['GET', '/:id'], ['POST', '/:id/items'], ['DELETE', '/:id/items/:itemId'], ['ALL', '/x/:id']] as const) {
      for (let copy = 0; copy < 2; copy++) {
        const full = `/api/c${c}${path}`;
        routes.push({ id: `${routes.length} ${method} ${full}`, order: routes.length, method, segments: parsePattern(full, 't') });
      }
    }
  }
  const linear = new LinearRouter<CaseRoute>();
  const trie = new TrieRouter<CaseRoute>();
  for (const route of routes) {
    linear.add(route);
    trie.add(route);
  }
  for (const [method, path] of [
    ['GET', '/api/c0'],
    ['GET', '/api/c500/7'],
    ['DELETE', '/api/c999/7/items/9'],
    ['PATCH', '/api/c999/x/1'],
    ['GET', '/api/nope'],
    ['GET', '/api/c999/7/items/9/'],
  ]) {
    assert.equal(answer(trie, method, path), answer(linear, method, path), `${method} ${path}`);
  }
});

property.run();
