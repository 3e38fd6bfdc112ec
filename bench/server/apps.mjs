// The three scratch Next apps `npm run bench:server` builds, each serving the same synthetic API (20 controllers × 10
// routes, bench/lib/routes.mjs) with the same answers: ours (one catch-all route file + createApplication), plain
// (one route file per path, 80 files holding the 200 handlers, as a Next app without a library is written) and Hono
// (a catch-all route file exporting `handle(app)` from `hono/vercel`, as Hono documents Next.js).
//
// JavaScript with decorators called directly, so that the apps need no TypeScript set-up and Node can import their
// route modules as they are (the serverless-shape figure). Written under .tmp/bench-server/<candidate>, inside the
// repository, so that next, hono, class-validator and the built dist/ resolve from the repository.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { syntheticRoutes } from '../lib/routes.mjs';
import { OURS_SSE_CONTROLLER, PLAIN_SSE_ROUTE } from './sse.mjs';

export const CANDIDATES = ['ours', 'plain', 'hono'];
export const CONTROLLERS = 20;

// Shared by the three apps: the DTO, the answers and the 422 body (the shape ours gives), and the check the plain and
// Hono apps call themselves with the options createApplication passes to class-validator by default.
const SHAPE = `import { plainToInstance } from 'class-transformer';
import { IsArray, IsNumber, IsString, Min, MinLength, validate } from 'class-validator';

export class CreateItemDto {}
IsString()(CreateItemDto.prototype, 'title');
MinLength(1)(CreateItemDto.prototype, 'title');
IsNumber()(CreateItemDto.prototype, 'price');
Min(0)(CreateItemDto.prototype, 'price');
IsArray()(CreateItemDto.prototype, 'tags');
IsString({ each: true })(CreateItemDto.prototype, 'tags');

export const ROUTES = ${JSON.stringify(syntheticRoutes(CONTROLLERS * 10).map(({ controller, method, path: p, name, id }) => ({ controller, method, path: p, name, id })))};

/** What every GET, PUT and DELETE answers. */
export function answer(route, params) {
  return { route, id: params.id, itemId: params.itemId };
}

/** What every POST answers once its body is valid: a plain object, so no candidate serialises a class instance. */
export function created(route, params, item) {
  return { route, id: params.id, title: item.title, price: item.price, tags: item.tags };
}

export function json(value, status = 200) {
  return new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
}

const OPTIONS = { forbidUnknownValues: true, validationError: { target: false, value: false } };

/** plainToInstance + validate: the instance, or the 422 body ours answers for the same errors. */
export async function checkItem(plain) {
  const instance = plainToInstance(CreateItemDto, plain);
  const errors = await validate(instance, OPTIONS);
  if (errors.length === 0) return { instance };
  const flat = errors.flatMap((error) => Object.values(error.constraints ?? {}).map((message) => ({ field: error.property, message, in: 'body' })));
  return { invalid: { success: false, statusCode: 422, message: 'Validation failed', errors: flat } };
}
`;

const OURS_API = `// Decorators called directly (no TypeScript set-up); the same as @Controller/@Get/@Body(CreateItemDto) in a .ts file.
import { Body, Controller, Delete, Get, Post, Put, Sse, createApplication } from '../../../../dist/index.mjs';
import { CreateItemDto, ROUTES, answer, created } from './shape.js';

const DECORATORS = { GET: Get, POST: Post, PUT: Put, DELETE: Delete };
const classes = new Map();
for (const route of ROUTES) {
  let cls = classes.get(route.controller);
  if (!cls) {
    cls = class {};
    Object.defineProperty(cls, 'name', { value: 'C' + route.controller });
    classes.set(route.controller, cls);
  }
  const id = route.id;
  if (route.method === 'POST') {
    cls.prototype[route.name] = (item, context) => created(id, context.params, item);
    Body(CreateItemDto)(cls.prototype, route.name, 0);
  } else {
    cls.prototype[route.name] = (context) => answer(id, context.params);
  }
  DECORATORS[route.method](route.path)(cls.prototype, route.name);
}
for (const [index, cls] of classes) Controller('/c' + index)(cls);

// Server-Sent Events, measured against the plain app's route file returning the same stream (bench/server/sse.mjs).
${OURS_SSE_CONTROLLER}
export const app = createApplication({ controllers: [...classes.values(), SseController], basePath: '/api' });
`;

const OURS_ROUTE = `import { app } from '../../../api.js';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = app.handlers;
`;

const HONO_ROUTE = `import { Hono } from 'hono';
import { handle } from 'hono/vercel';
import { ROUTES, answer, checkItem, created } from '../../../shape.js';

const app = new Hono().basePath('/api');
for (const route of ROUTES) {
  const id = route.id;
  const path = '/c' + route.controller + route.path;
  if (route.method === 'POST') {
    app.post(path, async (c) => {
      const { instance, invalid } = await checkItem(await c.req.json());
      return invalid ? c.json(invalid, 422) : c.json(created(id, c.req.param(), instance));
    });
  } else {
    app.on(route.method, path, (c) => c.json(answer(id, c.req.param())));
  }
}

export const GET = handle(app);
export const POST = handle(app);
export const PUT = handle(app);
export const DELETE = handle(app);
`;

/** One route file per path: `/c3/:id/items/:itemId` → src/app/api/c3/[id]/items/[itemId]/route.js. */
function plainRouteFiles() {
  const byFile = new Map();
  for (const route of syntheticRoutes(CONTROLLERS * 10)) {
    const file = `src/app/api/c${route.controller}${route.path.replace(/:(\w+)/g, '[$1]')}/route.js`;
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file).push(route);
  }
  const files = {};
  for (const [file, routes] of byFile) {
    const shape = path.posix.relative(path.posix.dirname(file), 'src/shape.js');
    const hasParams = routes[0].path.includes(':');
    const handlers = routes.map((route) => {
      const params = hasParams ? 'await params' : '{}';
      const signature = hasParams ? '(request, { params })' : '(request)';
      return route.method === 'POST'
        ? `export async function POST${signature} {
  const { instance, invalid } = await checkItem(await request.json());
  return invalid ? json(invalid, 422) : json(created('${route.id}', ${params}, instance));
}`
        : `export async function ${route.method}${hasParams ? '(request, { params })' : '()'} {
  return json(answer('${route.id}', ${params}));
}`;
    });
    const names = ['answer', 'json', ...(routes.some((r) => r.method === 'POST') ? ['checkItem', 'created'] : [])].sort();
    files[file] = `import { ${names.join(', ')} } from '${shape}';\n\n${handlers.join('\n\n')}\n`;
  }
  return files;
}

function filesFor(candidate) {
  const common = {
    'package.json': JSON.stringify({ name: `nac-bench-server-${candidate}`, private: true, type: 'module' }, null, 2) + '\n',
    // Unminified server code, so that a --cpu-prof of `next start` names the functions.
    'next.config.mjs': 'export default { experimental: { serverMinification: false } };\n',
    'src/shape.js': SHAPE,
  };
  if (candidate === 'ours') return { ...common, 'src/api.js': OURS_API, 'src/app/api/[[...route]]/route.js': OURS_ROUTE };
  if (candidate === 'hono') return { ...common, 'src/app/api/[[...route]]/route.js': HONO_ROUTE };
  return { ...common, ...plainRouteFiles(), 'src/app/api/sse/events/route.js': PLAIN_SSE_ROUTE };
}

/** The route module that answers `/api/c<c>/<id>/items` (the measured POST) and the params Next gives it. */
export function postRouteModule(candidate, controller, id) {
  return candidate === 'plain'
    ? { file: `src/app/api/c${controller}/[id]/items/route.js`, params: { id } }
    : { file: 'src/app/api/[[...route]]/route.js', params: { route: [`c${controller}`, id, 'items'] } };
}

/**
 * Writes the candidate's app under `dir` (its src/ replaced) and returns a fingerprint of its sources and of dist/, so
 * that an unchanged app is not built again.
 */
export function writeApp(candidate, dir, root) {
  rmSync(path.join(dir, 'src'), { recursive: true, force: true });
  const files = filesFor(candidate);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const fingerprint = createHash('sha1').update(JSON.stringify(files));
  if (candidate === 'ours') {
    const dist = path.join(root, 'dist');
    for (const file of readdirSync(dist, { recursive: true }).sort()) {
      if (statSync(path.join(dist, file)).isFile()) fingerprint.update(file).update(readFileSync(path.join(dist, file)));
    }
  }
  return fingerprint.digest('hex');
}
