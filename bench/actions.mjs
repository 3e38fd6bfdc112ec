// Issue 53: a route as a Server Action (next-app-controllers/actions) against the same route through `app.fetch` with
// the same input, paired per round (`pairedRatio`). Both make a Request and run it through the application, then read
// the answer's JSON as a client would: the action from an object (its request built from the incoming headers, read
// here from runAction's request instead of next/headers, the path and the input), `app.fetch` from a URL and an init
// carrying the same headers and the JSON body. A valid body (201 and the task) and an invalid one (the 422's field
// errors).
import { IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { pathToFileURL } from 'node:url';
import * as actions from '../dist/actions.mjs';
import * as dist from '../dist/index.mjs';
import * as testing from '../dist/testing.mjs';
import { interleavedSamples, median, pairedRatio } from './lib/harness.mjs';

const TARGET = 1.05;
// What a browser's action request carries besides Next.js's own headers.
const INCOMING = {
  host: 'app.example.com',
  'x-forwarded-host': 'app.example.com',
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '203.0.113.7',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  accept: 'text/x-component',
  'accept-language': 'en-GB,en;q=0.9',
  cookie: 'theme=dark; session_token=abc123',
};

function buildApp() {
  class CreateTaskDto {}
  IsString()(CreateTaskDto.prototype, 'title');
  MinLength(3)(CreateTaskDto.prototype, 'title');
  IsOptional()(CreateTaskDto.prototype, 'priority');
  IsInt()(CreateTaskDto.prototype, 'priority');
  Min(1)(CreateTaskDto.prototype, 'priority');
  Max(5)(CreateTaskDto.prototype, 'priority');
  let id = 0;
  class TasksController {
    create(body) {
      return { id: String(++id), title: body.title, priority: body.priority ?? 3 };
    }
  }
  dist.Post('')(TasksController.prototype, 'create');
  dist.HttpCode(201)(TasksController.prototype, 'create');
  dist.Body(CreateTaskDto)(TasksController.prototype, 'create', 0);
  dist.Controller('/tasks')(TasksController);
  const app = dist.createApplication({ controllers: [TasksController] });
  return { app, TasksController };
}

export async function runActions({ rounds = 40, batch = 300 } = {}) {
  const { app, TasksController } = buildApp();
  const createTask = actions.action(app, TasksController, 'create');
  const scope = new Request('https://app.example.com/tasks/new', { method: 'POST', headers: INCOMING });
  const inputs = { valid: { title: 'Write the bench', priority: 2 }, invalid: { title: 'x', priority: 9 } };

  const byAction = (input) => (n) =>
    testing.runAction(scope, async () => {
      for (let i = 0; i < n; i++) await createTask(input);
    });
  const byFetch = (input) => async (n) => {
    for (let i = 0; i < n; i++) {
      const response = await app.fetch('https://app.example.com/api/tasks', {
        method: 'POST',
        headers: { ...INCOMING, origin: 'https://app.example.com', 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(input),
      });
      await response.json();
    }
  };

  // The same answers, before timing.
  const viaAction = await testing.runAction(scope, () => createTask(inputs.invalid));
  const viaFetch = await (await app.fetch('https://app.example.com/api/tasks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(inputs.invalid) })).json();
  const fields = (list) => [...new Set(list)].sort().join(',');
  if (viaAction.ok || viaAction.status !== 422 || fields(Object.keys(viaAction.fieldErrors)) !== fields(viaFetch.errors.map((error) => error.field))) {
    throw new Error(`actions bench: the action answers ${JSON.stringify(viaAction)}, app.fetch ${JSON.stringify(viaFetch)}`);
  }
  const ok = await testing.runAction(scope, () => createTask(inputs.valid));
  if (!ok.ok || ok.data.title !== inputs.valid.title) throw new Error(`actions bench: the valid call answers ${JSON.stringify(ok)}`);

  const cases = Object.entries(inputs).flatMap(([name, input]) => [
    { id: `${name}/action`, run: byAction(input) },
    { id: `${name}/fetch`, run: byFetch(input) },
  ]);
  const samples = await interleavedSamples(cases, { rounds, batch });
  const row = (name, label) => ({
    case: label,
    action: median(samples.get(`${name}/action`)),
    fetch: median(samples.get(`${name}/fetch`)),
    ratio: pairedRatio(samples.get(`${name}/action`), samples.get(`${name}/fetch`)),
    target: TARGET,
  });
  return { rows: [row('valid', 'POST @Body(Dto), valid: 201 and the task'), row('invalid', 'POST @Body(Dto), invalid: the 422 and its field errors')] };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows } = await runActions();
  for (const row of rows) {
    console.log(`${row.case}: action ${(row.action / 1e3).toFixed(2)} µs / app.fetch ${(row.fetch / 1e3).toFixed(2)} µs = ${row.ratio.toFixed(3)} (≤ ${row.target}: ${row.ratio <= row.target ? 'ok' : 'MISSED'})`);
  }
}
