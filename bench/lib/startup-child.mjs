// One fresh process: import the framework, build the 200-route app, answer one request (Hono compiles its router on
// the first request, ours when the application is created). Prints the milliseconds from before the import.
import { syntheticRoutes } from './routes.mjs';

const which = process.argv[2];
const start = performance.now();
const { build, answer } =
  which === 'ours'
    ? await import('./build-ours.mjs').then((m) => ({ build: m.buildOurs, answer: (app, r) => app.handle(r) }))
    : await import('./build-hono.mjs').then((m) => ({ build: m.buildHono, answer: (app, r) => app.fetch(r) }));
const app = build(syntheticRoutes(200));
const response = await answer(app, new Request('http://127.0.0.1/api/c0'));
if (response.status !== 200) throw new Error(`${which}: first request answered ${response.status}`);
process.stdout.write(JSON.stringify({ ms: performance.now() - start }));
