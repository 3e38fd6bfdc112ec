import type { RouteDefinition } from '../routing/route-definitions';
import type { RoutableRoute } from '../routing/router';
import type { TrieRouter } from '../routing/trie-router';

// Per process, not per application: `next dev` creates the application again on every save (and once per route file
// that imports it), and the library may be loaded twice (ESM and CJS), so the set lives on globalThis.
const WARNED = Symbol.for('next-app-controllers.shadowedRouteWarnings');
const warned: Set<string> = ((globalThis as Record<symbol, Set<string> | undefined>)[WARNED] ??= new Set());

/** A router and the routes it holds (a versioned application has one per version, sharing routes). */
export interface RouterRoutes<R extends ShadowableRoute> {
  router: TrieRouter<R>;
  routes: readonly R[];
}

type ShadowableRoute = RoutableRoute & { definition: RouteDefinition };

/**
 * Warns with `console.warn` about each route that an earlier one shadows completely, once: once per process, and under
 * `next dev` once per change of the routes across its processes (see `devSessionMemory`). A versioned application
 * compiles a route several times (into a router per version, or at a path per version): it is reported when it is
 * shadowed everywhere. In some versions only, that is the point of declaring a version's route first.
 */
export function warnAboutShadowedRoutes<R extends ShadowableRoute>(routers: readonly RouterRoutes<R>[], basePath: string): void {
  // By route definition: the first place it is shadowed, or null once it is found reachable somewhere.
  const shadowed = new Map<RouteDefinition, [R, R] | null>();
  for (const { router, routes } of routers) {
    for (const route of routes) {
      const earlier = router.shadowing(route);
      if (shadowed.get(route.definition) !== null) shadowed.set(route.definition, earlier ? (shadowed.get(route.definition) ?? [route, earlier]) : null);
    }
  }
  const messages: string[] = [];
  for (const pair of shadowed.values()) {
    if (!pair) continue;
    messages.push(
      `next-app-controllers: ${describe(pair[0])} can never match: ${describe(pair[1])} is declared earlier and matches ` +
        'every request it would. Declare the more specific route first.',
    );
  }
  const unseen = devSessionMemory()?.(basePath, messages) ?? messages.filter((message) => !warned.has(message));
  for (const message of unseen) {
    warned.add(message);
    console.warn(message);
  }
}

/** The route's method and path: its definition's, or with URI versioning the path it is compiled at (`/api/v2/…`). */
function describe({ definition, segments }: ShadowableRoute): string {
  const path = segments === definition.segments ? definition.path : `/${segments.map((part) => (part.kind === 'param' ? `:${part.name}` : part.value)).join('/')}`;
  return `${definition.method === 'ALL' ? 'ALL' : definition.method} ${path} (${definition.controller.name}.${definition.propertyKey})`;
}

/** The messages not reported yet in this dev session, or undefined when the memory cannot be read or written. */
type SessionMemory = (basePath: string, messages: string[]) => string[] | undefined;

interface NodeModules {
  fs: typeof import('node:fs');
  os: typeof import('node:os');
  path: typeof import('node:path');
}

/**
 * `next dev` evaluates the route module in its server process and again in a fresh worker process for each path it
 * looks up, so a per-process "once" repeated the warning on every save. Under `next dev` (its processes share
 * `NEXT_PRIVATE_START_TIME`, new on each start) the messages an application last reported are kept in a file of the
 * temporary folder, one per project folder: a process prints only the messages not reported yet in this dev session
 * and records the current set, so a warning that goes away and comes back is printed again. Elsewhere (a production
 * server, the Edge runtime, tests), or when the file cannot be written, the per-process set applies.
 * `process.getBuiltinModule` (Node 20.16+) keeps `node:fs` out of every bundler's graph: the dispatcher stays Edge-safe.
 */
function devSessionMemory(): SessionMemory | undefined {
  const node = globalThis.process;
  const session = node?.env?.NEXT_PRIVATE_START_TIME;
  if (!session || node.env.NODE_ENV !== 'development' || typeof node.getBuiltinModule !== 'function') return undefined;
  const modules: NodeModules = { fs: node.getBuiltinModule('node:fs'), os: node.getBuiltinModule('node:os'), path: node.getBuiltinModule('node:path') };
  return (basePath, messages) => {
    try {
      return rememberMessages(modules, memoryFile(modules, node.cwd()), `${session} ${basePath}`, messages);
    } catch {
      return undefined;
    }
  };
}

function memoryFile({ os, path }: NodeModules, projectDir: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < projectDir.length; index += 1) hash = Math.imul(hash ^ projectDir.charCodeAt(index), 0x01000193) >>> 0;
  return path.join(os.tmpdir(), `next-app-controllers-dev-warnings-${hash.toString(16)}.json`);
}

/** The messages of `messages` not recorded under `key` in `file`; records `messages` as the current set. */
export function rememberMessages({ fs }: Pick<NodeModules, 'fs'>, file: string, key: string, messages: string[]): string[] {
  let recorded: Record<string, string[]> = {};
  try {
    recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
  } catch {
    // No file yet, or one cut short by a concurrent write: start afresh.
  }
  const session = key.slice(0, key.indexOf(' '));
  const kept = Object.fromEntries(Object.entries(recorded).filter(([entry]) => entry.startsWith(`${session} `)));
  const before = kept[key] ?? [];
  const unchanged = before.length === messages.length && messages.every((message) => before.includes(message));
  // Each evaluation of the route module comes here: the file is written only when what it says changes.
  if (!unchanged || Object.keys(kept).length !== Object.keys(recorded).length) {
    kept[key] = messages;
    fs.writeFileSync(file, JSON.stringify(kept));
  }
  return messages.filter((message) => !before.includes(message));
}
