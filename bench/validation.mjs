// Validation: a POST to a `@Body(Dto)` route (3 fields) against plainToInstance + validate called directly.
import { plainToInstance } from 'class-transformer';
import { IsArray, IsNumber, IsString, Min, MinLength, validate } from 'class-validator';
import * as dist from '../dist/index.mjs';
import { BASE, jsonResponse } from './lib/apps.mjs';
import { VALIDATOR_OPTIONS, validationFailed } from './lib/floor-validation.mjs';
import { describeResponse, interleave } from './lib/harness.mjs';

class CreateItemDto {}
IsString()(CreateItemDto.prototype, 'title');
MinLength(1)(CreateItemDto.prototype, 'title');
IsNumber()(CreateItemDto.prototype, 'price');
Min(0)(CreateItemDto.prototype, 'price');
IsArray()(CreateItemDto.prototype, 'tags');
IsString({ each: true })(CreateItemDto.prototype, 'tags');

/** An application with one `@Body(CreateItemDto)` route, from the built dist or from `lib` (bench/proto). */
export function buildValidationApp(lib = dist) {
  class ItemsController {
    create(dto) {
      return dto;
    }
  }
  lib.Post('')(ItemsController.prototype, 'create');
  lib.Body(CreateItemDto)(ItemsController.prototype, 'create', 0);
  lib.Controller('/items')(ItemsController);
  return lib.createApplication({ controllers: [ItemsController], basePath: BASE });
}

/** The cheapest way found to read a small body here (about 4 µs; `request.json()` takes about 7 µs). */
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
const DECODER = new TextDecoder();

/** The floor: read the body, plainToInstance + validate called directly, answer the same JSON. */
export async function validationFloor(request) {
  const instance = plainToInstance(CreateItemDto, JSON.parse(await readBody(request)));
  const errors = await validate(instance, VALIDATOR_OPTIONS);
  if (errors.length > 0) return validationFailed(errors, 'body');
  return jsonResponse(instance);
}

export const BODIES = {
  valid: JSON.stringify({ title: 'Pen', price: 2.5, tags: ['office', 'blue'] }),
  invalid: JSON.stringify({ title: '', price: -1, tags: ['office', 3] }),
};

export function postRequest(body) {
  return new Request(`http://127.0.0.1${BASE}/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
}

/**
 * Registers `count` more DTO classes with rules, as a larger application's modules do: class-validator's `validate`
 * scans every class with rules on each call, so its cost grows with them.
 */
function registerOtherDtos(count) {
  for (let i = 0; i < count; i++) {
    const Other = { [`OtherDto${i}`]: class {} }[`OtherDto${i}`];
    IsString()(Other.prototype, 'name');
    MinLength(1)(Other.prototype, 'name');
    IsNumber()(Other.prototype, 'amount');
  }
}

export const OTHER_DTOS = 200;

export async function runValidation({ rounds = 60, batch = 150 } = {}) {
  const alone = await measureValidation({ rounds, batch });
  registerOtherDtos(OTHER_DTOS);
  const among = await measureValidation({ rounds, batch });
  return { rows: [...alone.map((row) => ({ ...row, dtos: 1 })), ...among.map((row) => ({ ...row, dtos: 1 + OTHER_DTOS }))] };
}

async function measureValidation({ rounds, batch }) {
  const app = buildValidationApp();
  const candidates = { ours: (r) => app.handle(r), floor: validationFloor };
  const cases = [];
  for (const [name, body] of Object.entries(BODIES)) {
    const make = () => postRequest(body);
    const [a, b] = [await describeResponse(await candidates.ours(make())), await describeResponse(await validationFloor(make()))];
    if (a !== b) throw new Error(`validation ${name}: ours answers ${a}, the floor ${b}`);
    for (const [candidate, fn] of Object.entries(candidates)) {
      // A request body can be read once: build the batch's requests before the clock starts.
      let requests = [];
      cases.push({
        id: `${name}/${candidate}`,
        prepare: (n) => {
          requests = Array.from({ length: n }, make);
        },
        run: async (n) => {
          for (let i = 0; i < n; i++) await fn(requests[i]);
        },
      });
    }
  }
  const ns = await interleave(cases, { rounds, batch });
  return Object.keys(BODIES).map((name) => ({
    body: name,
    ours: ns[`${name}/ours`],
    floor: ns[`${name}/floor`],
    oursPerFloor: ns[`${name}/ours`] / ns[`${name}/floor`],
  }));
}
