import { compose, type Handler } from '../routing/compose';
import { RouteContext } from '../core/context';
import type { ErrorResponder } from '../errors/error-handler';
import type { HttpError } from '../errors/http-error';
import { clientError } from '../errors/client-error';
import { pathnameOf } from '../core/path';
import { withoutBody } from '../responses/without-body';
import { TrieRouter } from '../routing/trie-router';
import type { VersioningOptions } from '../routing/versioning';
import { allVersions, uriPaths, versionsOf, type ServedPath } from '../routing/versions';
import type { RouteDefinition } from '../routing/route-definitions';
import type { Middleware } from '../types';
import { compileRoutes, freezer, missChains, routerDispatch, withDeprecations, withSteps, type CompiledRoute, type Dispatch, type DispatchSettings, type Miss } from './dispatch';
import { warnAboutShadowedRoutes } from './shadowed-routes';
import type { RouteSteps } from './route-steps';

/**
 * The dispatcher of an application created with `versioning`, a chunk of its own.
 * - `'uri'`: the version is part of the path, so routing stays the trie's alone: each route is compiled at the paths
 *   it is served at (`/api/v2/posts`; a version-neutral route at `/api/posts`; with a `defaultVersion`, that version's
 *   routes at the path without a version too), and a miss whose first segment names an unknown version
 *   (`/api/v9/posts`) is the 404 that lists the versions.
 * - `'header'` and `'media-type'`: one router per version (its routes and the neutral ones) and one for requests that
 *   name none (the default version's, else the neutral routes); a request reads the version, then matches in that
 *   version's router. Responses carry no `Vary`: appending it to every answer cost ~5 % of a request
 *   (bench: 1.077 × off with it, 1.020 × without); an app whose GET answers are cached adds it in a global middleware.
 */
export function createVersionedDispatcher(settings: DispatchSettings, globalMiddleware: readonly Middleware[]): Dispatch | Promise<Dispatch> {
  const versioning = settings.versioning!;
  const versions = allVersions(settings.routes.map(({ definition }) => definition), versioning);
  return withSteps(settings, (steps) => withDeprecations(settings, (deprecate) => {
    const { fail } = steps;
    const routes = compileRoutes(settings, steps);
    if (versioning.type === 'uri') {
      return routerDispatch(settings, servedRoutes(routes, uriPaths(settings.basePath, versioning)), globalMiddleware, steps, deprecate, uriNotFound(settings, versioning, versions));
    }
    const build = (answers: (route: CompiledRoute) => boolean) => {
      const router = new TrieRouter<CompiledRoute>();
      const held = routes.filter(answers);
      for (const route of held) router.add(route);
      router.compile();
      return { router, routes: held };
    };
    const routeVersions = new Map(routes.map((route) => [route, versionsOf(route.definition, versioning)]));
    const neutral = (route: CompiledRoute) => routeVersions.get(route) === undefined;
    const routers = new Map(versions.map((version) => [version, build((route) => neutral(route) || routeVersions.get(route)!.includes(version))]));
    const unnamed = versioning.defaultVersion === undefined ? build(neutral) : routers.get(versioning.defaultVersion)!;
    warnAboutShadowedRoutes([...routers.values(), unnamed], settings.basePath);
    const read = versionReader(versioning);
    const routerOf = (request: Request) => {
      const version = read(request);
      return version === undefined ? unnamed.router : routers.get(version)?.router;
    };
    const missChain = missChains(globalMiddleware, fail, (request) => routerOf(request) ?? unnamed.router);
    const unknown = (context: RouteContext) => fail(unknownVersion(read(context.request)!, versions), context);
    return versionedDispatch(routerOf, missChain, unknown, freezer(routes, globalMiddleware, steps, deprecate), steps, globalMiddleware);
  }));
}

/** A function of its own: the closure it returns keeps only what answering needs. */
function versionedDispatch(
  routerOf: (request: Request) => TrieRouter<CompiledRoute> | undefined,
  missChain: (miss: Miss) => Handler,
  unknown: Handler,
  freeze: () => void,
  steps: RouteSteps,
  globalMiddleware: readonly Middleware[],
): Dispatch {
  const { fail, requestId, identify, done } = steps;
  let frozen = false;
  let unknownChain: Handler | undefined;
  return async function handle(request: Request): Promise<Response> {
    if (!frozen) {
      frozen = true;
      freeze();
      unknownChain = compose(globalMiddleware, unknown, fail);
    }
    const method = request.method;
    const started = done === undefined ? 0 : performance.now();
    const router = routerOf(request);
    const outcome = router?.match(method, pathnameOf(request.url));
    const context = new RouteContext(request, outcome?.kind === 'found' ? outcome.params : {}, requestId(request));
    let response: Response;
    try {
      const answer = outcome === undefined ? unknownChain!(context) : outcome.kind === 'found' ? outcome.route.run(context) : missChain(outcome)(context);
      response = answer instanceof Response ? answer : await answer;
    } catch (error) {
      response = await fail(error, context);
    }
    if (identify !== undefined) response = identify(response, context);
    if (done !== undefined) done(context, response, started, outcome?.kind === 'found' ? outcome.route.definition : undefined);
    return method === 'HEAD' ? withoutBody(response) : response;
  };
}

/**
 * Reads the version a request names: the header's value, or the `key` parameter of `Accept` (anywhere in it:
 * `application/json; version=2`, `*\/*;version="2"`). `undefined` when it names none.
 */
export function versionReader(versioning: VersioningOptions): (request: Request) => string | undefined {
  if (versioning.type === 'header') {
    const name = versioning.header!;
    return (request) => request.headers.get(name) || undefined;
  }
  // NestJS's key is `v=`: its `=` is not part of the name.
  const parameter = new RegExp(`;\\s*${(versioning.key ?? 'version').replace(/=$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*=\\s*"?([^\\s",;]*)`, 'i');
  return (request) => {
    const accept = request.headers.get('accept');
    // Most Accept headers have no parameter with a value: no regular expression for them.
    if (accept === null || accept.indexOf('=') === -1) return undefined;
    return parameter.exec(accept)?.[1] || undefined;
  };
}

/** The 404 of a request naming a version no route has: the message and `details.versions` list the versions there are. */
export function unknownVersion(version: string, versions: readonly string[]): HttpError {
  return clientError(404, `API version ${version} does not exist; this API has versions ${versions.join(', ')}.`, { details: { versions: [...versions] } });
}

/**
 * With URI versioning, each route at the paths it is served at (one compiled route each, sharing the route's invoker),
 * numbered again in that order.
 */
function servedRoutes(routes: readonly CompiledRoute[], served: (definition: RouteDefinition) => ServedPath[]): CompiledRoute[] {
  const compiled: CompiledRoute[] = [];
  for (const { method, middleware, definition, run } of routes) {
    // Of the one shape every compiled route has: a property more on some would make the dispatcher's reads of them
    // polymorphic.
    for (const { segments } of served(definition)) compiled.push({ order: compiled.length, method, segments, middleware, definition, run });
  }
  return compiled;
}

/**
 * With URI versioning, the 404 of a path that matched no route: the unknown-version one when its first segment after
 * the basePath is the prefix and a version that starts with a digit (`v9`), is not one of the versions, and is not a
 * segment any route has there; else `Cannot GET <path>`.
 */
function uriNotFound(settings: DispatchSettings, versioning: VersioningOptions, versions: readonly string[]): (request: Request) => HttpError {
  const base = settings.basePath === '/' ? '' : settings.basePath;
  const prefix = versioning.prefix ?? 'v';
  const taken = new Set(settings.routes.map(({ definition }) => definition.path.slice(base.length).split('/')[1]));
  const head = `${base}/${prefix}`;
  const start = head.length;
  return (request) => {
    const path = pathnameOf(request.url);
    // The first segment after the basePath, read in place (a miss is answered often by scanners: no split).
    if (path.startsWith(head)) {
      const end = path.indexOf('/', start);
      const version = path.slice(start, end === -1 ? undefined : end);
      if (/^\d[\w.~-]*$/.test(version) && !versions.includes(version) && !taken.has(prefix + version)) return unknownVersion(version, versions);
    }
    return clientError(404, `Cannot ${request.method} ${path}`);
  };
}
