import { splitRequestPath } from '../core/request-path';
import { HTTP_METHODS } from '../types';
import { MALFORMED_PATH, matchOf, methodBits, methodMatches, missOf } from './params';
import type { RoutableRoute, Router, RouterMatch, RouterOutcome } from './router';

interface Node<R> {
  children: Map<string, Node<R>> | undefined;
  param: Node<R> | undefined;
  /** The earliest route that ends here. */
  route: R | undefined;
  /** The smallest order in this subtree, to skip branches that cannot beat the best match found so far. */
  min: number;
  /** The methods of the routes that end here, as a mask (see `methodBits`); read in the trie of every route. */
  methods: number;
}

interface Table<R> {
  root: Node<R>;
  /** Every all-static path, mapped to the route that really wins it (which may be an earlier `:param` route). */
  exact: Map<string, RouterMatch<R>>;
}

const ANY_METHOD = '*';

/**
 * One segment trie per method (each also holding the `ALL` routes). Lookup walks at most the static and the param
 * child of each level, pruned by the best order found so far, so its cost follows the path's depth, not the number
 * of routes. All-static paths are answered from a map computed when the table is built. A miss walks one more trie,
 * of every route, for the methods the path has.
 */
export class TrieRouter<R extends RoutableRoute> implements Router<R> {
  readonly name = 'TrieRouter';
  private readonly routes: R[] = [];
  private tables: Map<string, Table<R>> | undefined;
  /** Every route, whatever its method: answers which methods a missed path has (`Allow`). */
  private everyRoute: Node<R> = newNode();

  add(route: R): void {
    if (this.tables) {
      throw new Error('Routes are compiled on first use; add every route before the first match (createApplication does).');
    }
    this.routes.push(route);
  }

  match(method: string, path: string): RouterOutcome<R> {
    const tables = this.tables ?? this.compile();
    const table = tables.get(method) ?? tables.get(ANY_METHOD)!;
    const exact = table.exact.get(trimTrailingSlash(path));
    if (exact !== undefined) return { kind: 'found', route: exact.route, params: { ...exact.params } };
    const segments = splitRequestPath(path);
    if (segments === null) return MALFORMED_PATH;
    const route = find(table.root, segments, 0, undefined) ?? (method === 'HEAD' ? find(tables.get('GET')!.root, segments, 0, undefined) : undefined);
    if (route) return matchOf(route, segments);
    return missOf(methodsOf(this.everyRoute, segments, 0));
  }

  /** The earliest route declared before `route` that matches every path `route` matches, if any. */
  shadowing(route: R): R | undefined {
    const tables = this.tables ?? this.compile();
    const table = tables.get(route.method === 'ALL' ? ANY_METHOD : route.method);
    const winner = table && cover(table.root, route, 0, undefined);
    return winner && winner.order < route.order ? winner : undefined;
  }

  compile(): Map<string, Table<R>> {
    if (this.tables) return this.tables;
    const ordered = [...this.routes].sort((a, b) => a.order - b.order);
    const tables = new Map<string, Table<R>>();
    for (const method of [...HTTP_METHODS, ANY_METHOD]) {
      tables.set(method, buildTable(ordered.filter((route) => methodMatches(route.method, method))));
    }
    this.everyRoute = buildTrie(ordered);
    this.tables = tables;
    return tables;
  }
}

function buildTrie<R extends RoutableRoute>(routes: R[]): Node<R> {
  const root = newNode<R>();
  for (const route of routes) insert(root, route);
  return root;
}

function buildTable<R extends RoutableRoute>(routes: R[]): Table<R> {
  const root = buildTrie(routes);
  const exact = new Map<string, RouterMatch<R>>();
  for (const route of routes) {
    const path = staticPath(route);
    if (path === undefined || exact.has(path)) continue;
    const segments = route.segments.map((part) => (part.kind === 'static' ? part.value : ''));
    const winner = find(root, segments, 0, undefined);
    if (winner) exact.set(path, matchOf(winner, segments));
  }
  return { root, exact };
}

function insert<R extends RoutableRoute>(root: Node<R>, route: R): void {
  let node = root;
  node.min = Math.min(node.min, route.order);
  for (const part of route.segments) {
    if (part.kind === 'param') {
      node = node.param ??= newNode();
    } else {
      node.children ??= new Map();
      let child = node.children.get(part.value);
      if (!child) node.children.set(part.value, (child = newNode()));
      node = child;
    }
    node.min = Math.min(node.min, route.order);
  }
  if (!node.route || route.order < node.route.order) node.route = route;
  node.methods |= methodBits(route.method);
}

function find<R extends RoutableRoute>(node: Node<R>, segments: readonly string[], index: number, best: R | undefined): R | undefined {
  if (index === segments.length) {
    const route = node.route;
    return route !== undefined && (best === undefined || route.order < best.order) ? route : best;
  }
  const segment = segments[index];
  const child = node.children?.get(segment);
  if (child !== undefined && (best === undefined || child.min < best.order)) best = find(child, segments, index + 1, best);
  const param = node.param;
  if (param !== undefined && segment !== '' && (best === undefined || param.min < best.order)) {
    best = find(param, segments, index + 1, best);
  }
  return best;
}

/** The methods of every route that matches the path, whatever its order, as a mask. */
function methodsOf<R>(node: Node<R>, segments: readonly string[], index: number): number {
  if (index === segments.length) return node.methods;
  const segment = segments[index];
  const child = node.children?.get(segment);
  let mask = child === undefined ? 0 : methodsOf(child, segments, index + 1);
  if (node.param !== undefined && segment !== '') mask |= methodsOf(node.param, segments, index + 1);
  return mask;
}

/** Like `find`, but a `:param` of the route itself is only covered by a `:param` of another. */
function cover<R extends RoutableRoute>(node: Node<R>, route: R, index: number, best: R | undefined): R | undefined {
  if (best !== undefined && node.min >= best.order) return best;
  if (index === route.segments.length) {
    const own = node.route;
    return own !== undefined && (best === undefined || own.order < best.order) ? own : best;
  }
  const part = route.segments[index];
  if (part.kind === 'static') {
    const child = node.children?.get(part.value);
    if (child) best = cover(child, route, index + 1, best);
  }
  if (node.param) best = cover(node.param, route, index + 1, best);
  return best;
}

function staticPath(route: RoutableRoute): string | undefined {
  let path = '';
  for (const part of route.segments) {
    if (part.kind === 'param' || part.value.includes('%') || part.value.includes('/')) return undefined;
    path += `/${part.value}`;
  }
  return path || '/';
}

function trimTrailingSlash(path: string): string {
  return path.length > 1 && path.charCodeAt(path.length - 1) === 47 ? path.slice(0, -1) : path;
}

function newNode<R>(): Node<R> {
  return { children: undefined, param: undefined, route: undefined, min: Infinity, methods: 0 };
}
