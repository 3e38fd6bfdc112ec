import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { UserError } from '../errors';
import { ProjectModules } from './project-modules';
import type { ProjectLayout } from '../project/project';
import { loadTypeScript } from '../project/typescript';

/** The part of an OpenAPI document the CLI reads (operations, schemas); the rest is written as it is. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, SchemaObject> };
  [key: string]: unknown;
}

export interface SchemaObject {
  properties?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface DocumentSource {
  document: OpenApiDocument;
  /** Relative to the project root: the openapi.json route module, or the app module. */
  from: string;
}

const ROUTE_FILES = ['route.ts', 'route.js', 'route.mts', 'route.mjs', 'route.tsx'];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The document `GET /api/openapi.json` answers under `next start`, computed in this process: the app's own
 * openapi.json route module when there is one (its title, servers and security schemes), else
 * `generateOpenApiDocument` over the app module's applications. Runs with the project folder as working directory and
 * its .env files loaded, as `next start` does (the library loads its peers from there).
 */
export async function projectDocument(layout: ProjectLayout, apiVersion?: string): Promise<DocumentSource> {
  return inProject(layout, 'the OpenAPI document', async (modules) => {
    const route = findOpenApiRoute(join(layout.root, layout.appDir));
    if (route) return { document: await documentOfRoute(modules, route, layout.root, apiVersion), from: relative(layout.root, route.file) };
    const appModule = loadAppModule(modules, layout, 'an openapi.json route nor ');
    const library = modules.require('next-app-controllers', appModule) as {
      generateOpenApiDocument(options: { title: string; apiVersion?: string }): Promise<OpenApiDocument>;
    };
    try {
      return { document: await library.generateOpenApiDocument({ title: 'API', apiVersion }), from: layout.appModule };
    } catch (error) {
      // A wrong --api-version is the user's to fix: the library's message says which versions there are.
      if (apiVersion !== undefined && /apiVersion/.test((error as Error).message)) throw new UserError((error as Error).message);
      throw error;
    }
  });
}

/**
 * Runs `use` with the project's modules as `next start` would see them: the project folder as working directory, its
 * .env files loaded, NODE_ENV production unless set (the library loads its peers from there). `what` names what is
 * read from the sources, for the message when TypeScript is missing. Shared by `openapi` and `schedules`.
 */
export async function inProject<T>(layout: ProjectLayout, what: string, use: (modules: ProjectModules) => Promise<T>): Promise<T> {
  const ts = loadTypeScript(layout.root);
  if (!ts) {
    throw new UserError(`Cannot find the \`typescript\` package in ${layout.root}: install it (\`npm install -D typescript\`), ${what} is read from the TypeScript sources with it.`);
  }
  const previousCwd = process.cwd();
  const previousNodeEnv = process.env.NODE_ENV;
  process.chdir(layout.root);
  try {
    process.env.NODE_ENV ??= 'production';
    loadEnvFiles(layout.root);
    return await use(new ProjectModules(ts, layout.root));
  } finally {
    process.chdir(previousCwd);
    // The package managers the CLI starts afterwards inherit the environment: under NODE_ENV=production npm omits
    // dev dependencies, so `npm install -D openapi-typescript` would answer "up to date" and install nothing.
    if (previousNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previousNodeEnv;
  }
}

/** Runs the app module (src/app.ts or app.ts) and returns its path; `neither` words the message when it is missing. */
export function loadAppModule(modules: ProjectModules, layout: ProjectLayout, neither = ''): string {
  const appModule = join(layout.root, layout.appModule);
  if (!existsSync(appModule)) {
    throw new UserError(`${neither ? `Neither ${neither}` : 'No '}${layout.appModule} in ${layout.root}: run \`next-app-controllers init\` first.`);
  }
  modules.load(appModule);
  return appModule;
}

interface OpenApiRoute {
  file: string;
  /** The URL path Next.js serves it at (route groups and the app folder left out). */
  path: string;
}

/** `<app>/**​/openapi.json/route.*`, preferring `/api/openapi.json`. */
function findOpenApiRoute(appDir: string): OpenApiRoute | undefined {
  const found: OpenApiRoute[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === 'node_modules' || name.startsWith('.') || name.startsWith('_')) continue;
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) continue;
      const next = /^\(.*\)$/.test(name) ? segments : [...segments, name];
      if (name === 'openapi.json') {
        const file = ROUTE_FILES.map((routeFile) => join(path, routeFile)).find((candidate) => existsSync(candidate));
        if (file) found.push({ file, path: `/${next.join('/')}` });
      }
      walk(path, next);
    }
  };
  if (existsSync(appDir)) walk(appDir, []);
  return found.find((route) => route.path === '/api/openapi.json') ?? found[0];
}

/**
 * The route's answer to `GET <its path>`, with `?version=<apiVersion>` for one API version's document: the route must
 * pass it on (`generateOpenApiDocument({ apiVersion })`), which the document's `info['x-api-version']` shows.
 */
async function documentOfRoute(modules: ProjectModules, route: OpenApiRoute, root: string, apiVersion: string | undefined): Promise<OpenApiDocument> {
  const name = route.file.slice(root.length + 1).split(sep).join('/');
  const exports = modules.load(route.file);
  const GET = exports.GET as ((request: Request, context: unknown) => Response | Promise<Response>) | undefined;
  if (typeof GET !== 'function') throw new UserError(`${name} exports no GET handler.`);
  const query = apiVersion === undefined ? '' : `?version=${encodeURIComponent(apiVersion)}`;
  const response = await GET(new Request(`http://localhost${route.path}${query}`), { params: Promise.resolve({}) });
  const text = await response.text();
  if (!response.ok) throw new UserError(`${name} answered ${response.status} to GET ${route.path}${query}: ${text.slice(0, 500)}`);
  let document: OpenApiDocument;
  try {
    document = JSON.parse(text) as OpenApiDocument;
  } catch {
    throw new UserError(`${name} answered something that is not JSON: ${text.slice(0, 200)}`);
  }
  const documented = (document.info as { 'x-api-version'?: unknown } | undefined)?.['x-api-version'];
  if (apiVersion !== undefined && documented !== apiVersion) {
    throw new UserError(
      `${name} did not answer version ${apiVersion}'s document to GET ${route.path}${query} (its info['x-api-version'] is ${JSON.stringify(documented)}). ` +
        "Pass the query on: generateOpenApiDocument({ title, apiVersion: new URL(request.url).searchParams.get('version') ?? undefined }).",
    );
  }
  return document;
}

/** The .env files `next start` loads, through the project's own @next/env (a dependency of next); none without it. */
function loadEnvFiles(root: string): void {
  try {
    const nextRequire = createRequire(createRequire(join(root, 'package.json')).resolve('next/package.json'));
    const env = nextRequire('@next/env') as { loadEnvConfig(dir: string, dev?: boolean, log?: object, forceReload?: boolean): unknown };
    env.loadEnvConfig(root, false, { info: () => {}, error: () => {} });
  } catch {
    // next not installed: process.env as it is
  }
}

/** The number of operations (path + method pairs) of a document. */
export function operationCount(document: OpenApiDocument): number {
  return Object.values(document.paths ?? {}).reduce(
    (count, item) => count + Object.keys(item ?? {}).filter((key) => METHODS.includes(key)).length,
    0,
  );
}

export { METHODS as OPENAPI_METHODS };
