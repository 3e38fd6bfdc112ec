// Query validation: a GET to a `@Query(Dto)` route (3 fields) against parsing the query string, then
// plainToInstance + validate called directly on the same object.
import { plainToInstance, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min, MinLength, validate } from 'class-validator';
import * as dist from '../dist/index.mjs';
import { BASE, jsonResponse } from './lib/apps.mjs';
import { VALIDATOR_OPTIONS, validationFailed } from './lib/floor-validation.mjs';
import { describeResponse, interleave } from './lib/harness.mjs';

class ListItemsQuery {}
for (const decorate of [IsOptional(), Type(() => Number), IsInt(), Min(1), Max(100)]) decorate(ListItemsQuery.prototype, 'limit');
for (const decorate of [IsOptional(), Type(() => Number), IsInt(), Min(0)]) decorate(ListItemsQuery.prototype, 'offset');
for (const decorate of [IsOptional(), IsString(), MinLength(1)]) decorate(ListItemsQuery.prototype, 'tag');

/** An application with one `@Query(ListItemsQuery)` route. */
export function buildQueryApp(lib = dist) {
  class ItemsController {
    list(query) {
      return query;
    }
  }
  lib.Get('')(ItemsController.prototype, 'list');
  lib.Query(ListItemsQuery)(ItemsController.prototype, 'list', 0);
  lib.Controller('/items')(ItemsController);
  return lib.createApplication({ controllers: [ItemsController], basePath: BASE });
}

/** The floor: the query string as an object, plainToInstance (its @Type makes the numbers) + validate, the same JSON. */
export async function queryFloor(request) {
  const url = request.url;
  const plain = Object.fromEntries(new URLSearchParams(url.slice(url.indexOf('?') + 1)));
  const instance = plainToInstance(ListItemsQuery, plain);
  const errors = await validate(instance, VALIDATOR_OPTIONS);
  if (errors.length > 0) return validationFailed(errors, 'query');
  return jsonResponse(instance);
}

// Both answer these the same (checked before timing): values class-transformer's Number() and our conversion agree on.
export const QUERIES = {
  valid: 'limit=20&offset=40&tag=dragons',
  invalid: 'limit=0&offset=-1&tag=',
};

export async function runQuery({ rounds = 60, batch = 150 } = {}) {
  const app = buildQueryApp();
  const candidates = { ours: (r) => app.handle(r), floor: queryFloor };
  const cases = [];
  for (const [name, search] of Object.entries(QUERIES)) {
    const request = new Request(`http://127.0.0.1${BASE}/items?${search}`);
    const [a, b] = [await describeResponse(await candidates.ours(request)), await describeResponse(await queryFloor(request))];
    if (a !== b) throw new Error(`query ${name}: ours answers ${a}, the floor ${b}`);
    for (const [candidate, fn] of Object.entries(candidates)) {
      // A fresh Request per call, as a server makes one per request (ours caches the parsed query on its context).
      cases.push({
        id: `${name}/${candidate}`,
        run: async (n) => {
          for (let i = 0; i < n; i++) await fn(new Request(request.url));
        },
      });
    }
  }
  const ns = await interleave(cases, { rounds, batch });
  const rows = Object.keys(QUERIES).map((name) => ({
    query: name,
    ours: ns[`${name}/ours`],
    floor: ns[`${name}/floor`],
    oursPerFloor: ns[`${name}/ours`] / ns[`${name}/floor`],
  }));
  return { rows };
}
