// Schemas (issue 34): a POST to a `@Body(schema)` route against the body read, `JSON.parse` and the schema's own
// `~standard.validate` called directly, for Zod, Valibot and ArkType, a valid and an invalid body; and `@Body(Dto)`
// of this build against the same route of an earlier build (`.tmp/dist-before`, or BENCH_BEFORE), in the same run.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type } from 'arktype';
import * as v from 'valibot';
import * as z from 'zod';
import * as dist from '../dist/index.mjs';
import { BASE, jsonResponse } from './lib/apps.mjs';
import { describeResponse, interleave } from './lib/harness.mjs';
import { BODIES, buildValidationApp, postRequest } from './validation.mjs';

/** The same 3-field shape as the DTO of `validation.mjs`, in each library. */
export const SCHEMAS = {
  zod: z.object({ title: z.string().min(1), price: z.number().min(0), tags: z.array(z.string()) }),
  valibot: v.object({ title: v.pipe(v.string(), v.minLength(1)), price: v.pipe(v.number(), v.minValue(0)), tags: v.array(v.string()) }),
  arktype: type({ title: 'string > 0', price: 'number >= 0', tags: 'string[]' }),
};

/** An application with one `@Body(schema)` route that returns what it got. */
export function buildSchemaApp(schema, lib = dist) {
  class ItemsController {
    create(body) {
      return body;
    }
  }
  lib.Post('')(ItemsController.prototype, 'create');
  lib.Body(schema)(ItemsController.prototype, 'create', 0);
  lib.Controller('/items')(ItemsController);
  return lib.createApplication({ controllers: [ItemsController], basePath: BASE });
}

const DECODER = new TextDecoder();

/** The same body reader as the floor of `validation.mjs`. */
async function readBody(request) {
  const reader = request.body.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return DECODER.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
}

/** The issues in the library's 422 format, as a user answering them by hand would write it. */
function failed(issues) {
  const errors = issues.map((issue) => ({ field: (issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment)).join('.'), message: issue.message, in: 'body' }));
  return jsonResponse({ success: false, statusCode: 422, message: 'Validation failed', errors }, 422);
}

/** The floor: read the body, JSON.parse, the schema's `~standard.validate` called directly, the same JSON answered. */
export function schemaFloor(schema) {
  const validate = schema['~standard'].validate;
  return async (request) => {
    let result = validate(JSON.parse(await readBody(request)));
    if (result instanceof Promise) result = await result;
    return result.issues ? failed(result.issues) : jsonResponse(result.value);
  };
}

/** An earlier build to compare `@Body(Dto)` with: BENCH_BEFORE, else `.tmp/dist-before` when it exists. */
async function earlierBuild() {
  const dir = resolve(process.env.BENCH_BEFORE ?? '.tmp/dist-before');
  if (!existsSync(resolve(dir, 'index.mjs'))) return undefined;
  return { dir, lib: await import(pathToFileURL(resolve(dir, 'index.mjs')).href) };
}

export async function runSchemas({ rounds = 60, batch = 150 } = {}) {
  const cases = [];
  const pairs = [];
  const add = async (id, ours, floor, body) => {
    const make = () => postRequest(body);
    const [a, b] = [await describeResponse(await ours(make())), await describeResponse(await floor(make()))];
    if (a !== b) throw new Error(`schemas ${id}: ours answers ${a}, the floor ${b}`);
    for (const [candidate, fn] of Object.entries({ ours, floor })) {
      let requests = [];
      cases.push({
        id: `${id}/${candidate}`,
        prepare: (n) => {
          requests = Array.from({ length: n }, make);
        },
        run: async (n) => {
          for (let i = 0; i < n; i++) await fn(requests[i]);
        },
      });
    }
    pairs.push(id);
  };
  for (const [library, schema] of Object.entries(SCHEMAS)) {
    const app = buildSchemaApp(schema);
    for (const [name, body] of Object.entries(BODIES)) await add(`${library} ${name}`, (request) => app.handle(request), schemaFloor(schema), body);
  }
  const earlier = await earlierBuild();
  if (earlier) {
    // `floor` here is the earlier build's `@Body(Dto)`: the ratio says whether DTO routes changed.
    const [now, before] = [buildValidationApp(dist), buildValidationApp(earlier.lib)];
    for (const [name, body] of Object.entries(BODIES)) await add(`DTO ${name}`, (request) => now.handle(request), (request) => before.handle(request), body);
  }
  const ns = await interleave(cases, { rounds, batch });
  return {
    earlier: earlier?.dir,
    rows: pairs.map((id) => ({ request: id, ours: ns[`${id}/ours`], floor: ns[`${id}/floor`], oursPerFloor: ns[`${id}/ours`] / ns[`${id}/floor`] })),
  };
}
