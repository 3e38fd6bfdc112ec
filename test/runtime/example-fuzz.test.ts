import fc from 'fast-check';
import { createRequire } from 'node:module';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Application } from '../../runtime/index';
import { splitRequestPath } from '../../runtime/core/request-path';
import { exampleRequests, toRequest } from '../fuzz/example-requests';
import { captureConsole } from './helpers';

// The example is a CommonJS package (no "type": "module"): required, not imported, because tsx hands an imported
// CommonJS .ts file to Node as a data: URL, which c8's coverage report cannot map back to a file.
const require = createRequire(import.meta.url);
const { app } = require('../../example/src/app.ts') as { app: Application };
const { API_KEY } = require('../../example/src/lib/middleware.ts') as { API_KEY: string };

/**
 * Issue 15: no client input gets a 5xx. Seeded random requests through app.handle against the example's own
 * controllers: methods, paths (encoded, malformed, long), headers, content types and bodies from well-formed DTOs
 * with one mistake to bytes that are not UTF-8. Only GET /api/system/fail, the example's deliberate 500, is left out.
 */

const REQUESTS = 3000;
const SEED = Number(process.env.SEED ?? 15);

const fuzz = suite('the example app, fuzzed through app.handle');

fuzz(`answers ${REQUESTS} random requests without a 5xx or an error log (seed ${SEED})`, async () => {
  const statuses = new Map<number, number>();
  const printed = await captureConsole(async () => {
    await fc.assert(
      fc.asyncProperty(exampleRequests(API_KEY), async (generated) => {
        const request = toRequest(generated);
        if (!request) return;
        if (new URL(request.url).pathname === '/api/system/fail') return;
        const response = await app.handle(request);
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) throw new Error(`${request.method} ${request.url} answered ${response.status}`);
      }),
      { seed: SEED, numRuns: REQUESTS, endOnFailure: true },
    );
  });
  assert.equal(printed.error, []);
  const answered = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  assert.ok(answered > REQUESTS * 0.9, `only ${answered} requests could be built`);
  // The fuzz must reach the handlers, not only the 4xx paths in front of them.
  assert.ok((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0) > REQUESTS / 10, JSON.stringify([...statuses]));
  if (process.env.REPORT) console.log(`fuzz: ${answered} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
});

fuzz.run();

const documented = suite('the example app, every answer of the fuzz documented');

/** The route `app.handle` answers with: the first declared for the method (or `@All`), then GET for a HEAD. */
function matchRoute(routes: Application['routes'], method: string, pathname: string): Application['routes'][number] | undefined {
  if (splitRequestPath(pathname) === null) return undefined; // malformed: answered before any route
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const matches = (route: Application['routes'][number]) =>
    new RegExp(`^${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`).test(path);
  return (
    routes.find((route) => (route.method === method || route.method === 'ALL') && matches(route)) ??
    (method === 'HEAD' ? routes.find((route) => route.method === 'GET' && matches(route)) : undefined)
  );
}

documented(`every status a route answers is in its operation's responses (seed ${SEED})`, async () => {
  const library = require('next-app-controllers') as typeof import('../../runtime/index');
  const securitySchemes = { apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' } } as const;
  const document = (await library.generateOpenApiDocument({ title: 'fuzz', applications: [app], securitySchemes })) as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  const undocumented = new Set<string>();
  let checked = 0;
  await captureConsole(async () => {
    for (const generated of fc.sample(exampleRequests(API_KEY), { seed: SEED, numRuns: 1000 })) {
      const request = toRequest(generated);
      if (!request) continue;
      const route = matchRoute(app.routes, request.method, new URL(request.url).pathname);
      if (!route || route.path === '/api/system/fail') continue;
      const response = await app.handle(request);
      await response.arrayBuffer();
      const method = (route.method === 'ALL' ? request.method : route.method === 'GET' ? 'GET' : route.method).toLowerCase();
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[method === 'head' ? 'get' : method];
      if (!operation) continue; // @All under a method the document does not list (HEAD, OPTIONS)
      checked++;
      if (!(String(response.status) in operation.responses)) undocumented.add(`${route.method} ${route.path} → ${response.status}`);
    }
  });
  assert.ok(checked > 300, `only ${checked} answers came from a documented operation`);
  assert.equal([...undocumented].sort(), []);
});

documented.run();
