// Uploads: a PUT of a 100 KB PNG (multipart, with one text field) to a `@Form(Dto)` route with IsFile, against a
// floor that calls request.formData() and class-validator (plainToInstance on the text, validate with the same rules).
import { plainToInstance } from 'class-transformer';
import { IsOptional, IsString, validate } from 'class-validator';
import * as dist from '../dist/index.mjs';
import { BASE, jsonResponse } from './lib/apps.mjs';
import { VALIDATOR_OPTIONS, validationFailed } from './lib/floor-validation.mjs';
import { describeResponse, interleave } from './lib/harness.mjs';

const FILE_BYTES = 100 * 1024;

class AvatarForm {}
dist.IsFile({ maxSize: 200 * 1024, mimeTypes: ['image/png', 'image/jpeg'] })(AvatarForm.prototype, 'avatar');
for (const decorate of [IsOptional(), IsString()]) decorate(AvatarForm.prototype, 'caption');

const answer = (form) => ({ name: form.avatar.name, size: form.avatar.size, caption: form.caption });

/** An application with one `@Form(AvatarForm)` route. */
export function buildUploadApp(lib = dist) {
  class AvatarsController {
    put(form) {
      return answer(form);
    }
  }
  lib.Put('/:id')(AvatarsController.prototype, 'put');
  lib.Form(AvatarForm)(AvatarsController.prototype, 'put', 0);
  lib.Controller('/avatars')(AvatarsController);
  return lib.createApplication({ controllers: [AvatarsController], basePath: BASE });
}

/** The floor: the platform's formData(), the text fields through plainToInstance, the file put back, validate. */
export async function uploadFloor(request) {
  const form = await request.formData();
  const instance = plainToInstance(AvatarForm, { caption: form.get('caption') ?? undefined });
  instance.avatar = form.get('avatar');
  const errors = await validate(instance, VALIDATOR_OPTIONS);
  if (errors.length > 0) return validationFailed(errors, 'form');
  return jsonResponse(answer(instance));
}

async function multipartBody(type) {
  const form = new FormData();
  form.set('avatar', new File([new Uint8Array(FILE_BYTES).fill(137)], 'avatar.png', { type }));
  form.set('caption', 'me at the beach');
  const encoded = new Response(form);
  return { type: encoded.headers.get('content-type'), bytes: new Uint8Array(await encoded.arrayBuffer()) };
}

export async function runUpload({ rounds = 60, batch = 100 } = {}) {
  const app = buildUploadApp();
  const candidates = { ours: (r) => app.handle(r), floor: uploadFloor };
  const bodies = { valid: await multipartBody('image/png'), invalid: await multipartBody('image/gif') };
  const url = `http://127.0.0.1${BASE}/avatars/1`;
  const make = ({ type, bytes }) => new Request(url, { method: 'PUT', headers: { 'content-type': type }, body: bytes });
  const cases = [];
  for (const [name, body] of Object.entries(bodies)) {
    const [a, b] = [await describeResponse(await candidates.ours(make(body))), await describeResponse(await uploadFloor(make(body)))];
    if (a !== b) throw new Error(`upload ${name}: ours answers ${a}, the floor ${b}`);
    for (const [candidate, fn] of Object.entries(candidates)) {
      cases.push({
        id: `${name}/${candidate}`,
        run: async (n) => {
          for (let i = 0; i < n; i++) await (await fn(make(body))).arrayBuffer();
        },
      });
    }
  }
  const ns = await interleave(cases, { rounds, batch, warmupRounds: 3 });
  const rows = Object.keys(bodies).map((name) => ({
    upload: name,
    ours: ns[`${name}/ours`],
    floor: ns[`${name}/floor`],
    oursPerFloor: ns[`${name}/ours`] / ns[`${name}/floor`],
  }));
  return { fileBytes: FILE_BYTES, rows };
}
