import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, Min } from 'class-validator';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Body, Controller, Form, IsFile, Post, Put, createApplication, type ErrorFormatter, type FieldError } from '../../runtime/index';
import { fileProblem } from '../../runtime/validation/file-rule';
import { jsonOf, postJson, request } from './helpers';

// tsx emits no `design:type`: `@Type(() => Number)` says the declared type, as the README tells such projects to.
class ProfileForm {
  @IsString() name!: string;
  @Type(() => Number) @IsInt() @Min(0) age!: number;
  @IsOptional() @Type(() => Boolean) @IsBoolean() newsletter?: boolean;
  @IsOptional() @IsArray() @IsString({ each: true }) tags?: string[];
}

class AvatarForm {
  @IsFile({ maxSize: 1000, mimeTypes: ['image/png', 'image/jpeg'] }) avatar!: File;
  @IsOptional() @IsString() caption?: string;
}

class GalleryForm {
  @IsFile({ mimeTypes: ['image/*'] }, { each: true }) photos!: File[];
  @IsOptional() @IsFile() thumbnail?: File;
}

let runs = 0;

@Controller('/users')
class UsersController {
  @Post('/profile')
  profile(@Form(ProfileForm) form: ProfileForm) {
    runs++;
    return { isDto: form instanceof ProfileForm, ...form };
  }

  @Put('/:id/avatar')
  async avatar(@Form(AvatarForm) form: AvatarForm) {
    runs++;
    const { avatar } = form;
    const bytes = new Uint8Array(await avatar.arrayBuffer());
    return { isFile: avatar instanceof File, name: avatar.name, type: avatar.type, size: avatar.size, first: bytes[0], caption: form.caption };
  }

  @Post('/gallery')
  gallery(@Form(GalleryForm) form: GalleryForm) {
    runs++;
    return { photos: form.photos.map((photo) => [photo.name, photo instanceof File]), thumbnail: form.thumbnail?.name ?? null };
  }

  @Post('/json')
  json(@Body(ProfileForm) body: ProfileForm) {
    return body;
  }
}

const formatted: FieldError[][] = [];
const formatError: ErrorFormatter = (error) => {
  if (error.errors) formatted.push(error.errors);
  return { status: error.status, message: error.message, errors: error.errors };
};
const app = createApplication({ controllers: [UsersController], bodyLimit: 4000, formatError });

const png = (size: number, name = 'me.png', type = 'image/png') => new File([new Uint8Array(size).fill(137)], name, { type });

function multipart(fields: [string, string | File][]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

const post = (path: string, body: BodyInit, headers?: HeadersInit, method = 'POST') => request(app, method, path, { body, headers });

const accepts = suite('@Form(Dto): content types');

accepts('a multipart/form-data body reaches the handler as a DTO instance', async () => {
  const response = await post('/api/users/profile', multipart([['name', 'Ada'], ['age', '36']]));
  assert.is(response.status, 200);
  assert.equal(await jsonOf(response), { isDto: true, name: 'Ada', age: 36 });
});

accepts('an application/x-www-form-urlencoded body reaches the handler as a DTO instance', async () => {
  const response = await post('/api/users/profile', new URLSearchParams({ name: 'Ada', age: '36' }));
  assert.is(response.headers.get('content-type'), 'application/json');
  assert.equal(await jsonOf(response), { isDto: true, name: 'Ada', age: 36 });
});

accepts('any other content type answers 415 and the handler does not run, JSON included', async () => {
  const before = runs;
  for (const type of ['application/json', 'text/plain', 'multipart/mixed; boundary=x', undefined]) {
    const headers: HeadersInit = type ? { 'content-type': type } : {};
    const response = await request(app, 'POST', '/api/users/profile', { body: type ? '{"name":"Ada","age":36}' : undefined, headers });
    assert.is(response.status, 415, String(type));
    const body = (await jsonOf(response)) as { message: string };
    assert.is(
      body.message,
      `Expected a form body: send it with Content-Type: multipart/form-data or application/x-www-form-urlencoded${type ? ` (got ${type})` : ''}`,
    );
  }
  assert.is(runs, before);
});

accepts('@Body stays JSON-only: a form-encoded body to a @Body route answers 415', async () => {
  assert.is((await post('/api/users/json', new URLSearchParams({ name: 'Ada', age: '36' }))).status, 415);
  assert.is((await post('/api/users/json', multipart([['name', 'Ada']]))).status, 415);
  assert.is((await postJson(app, '/api/users/json', { name: 'Ada', age: 36 })).status, 200);
});

accepts('a method with both @Body and @Form is refused when the application is created', () => {
  class BothController {
    both(@Body(ProfileForm) _body: ProfileForm, @Form(ProfileForm) _form: ProfileForm) {}
  }
  Post('')(BothController.prototype, 'both', Object.getOwnPropertyDescriptor(BothController.prototype, 'both')!);
  Controller('/both')(BothController);
  assert.throws(
    () => createApplication({ controllers: [BothController] }),
    (error: Error) => error.message === 'BothController.both has both @Body and @Form parameters, and a request has one body: keep one of them.',
  );
});

accepts.run();

const text = suite('@Form(Dto): text fields convert like @Query values');

text('numbers and booleans convert to the declared type, "false" to false', async () => {
  const response = await post('/api/users/profile', new URLSearchParams({ name: 'Ada', age: '36', newsletter: 'false' }));
  assert.equal(await jsonOf(response), { isDto: true, name: 'Ada', age: 36, newsletter: false });
});

text('a repeated name gives an array, and one value of an array property a one-element array', async () => {
  const repeated = await post('/api/users/profile', 'name=Ada&age=1&tags=a&tags=b', { 'content-type': 'application/x-www-form-urlencoded' });
  assert.equal(((await jsonOf(repeated)) as { tags: string[] }).tags, ['a', 'b']);
  const single = await post('/api/users/profile', multipart([['name', 'Ada'], ['age', '1'], ['tags', 'a']]));
  assert.equal(((await jsonOf(single)) as { tags: string[] }).tags, ['a']);
});

text('__proto__ and constructor names never reach a prototype', async () => {
  const response = await post('/api/users/profile', '__proto__=x&constructor=y&name=Ada&age=1', { 'content-type': 'application/x-www-form-urlencoded' });
  assert.equal(await jsonOf(response), { isDto: true, name: 'Ada', age: 1 });
  assert.is(({} as Record<string, unknown>).x, undefined);
});

text.run();

const files = suite('@Form(Dto): file parts');

files('a file part arrives as a File with its name, type, size and bytes', async () => {
  const response = await post('/api/users/1/avatar', multipart([['avatar', png(10)], ['caption', 'hi']]), undefined, 'PUT');
  assert.is(response.status, 200);
  assert.equal(await jsonOf(response), { isFile: true, name: 'me.png', type: 'image/png', size: 10, first: 137, caption: 'hi' });
});

files('several files under one name arrive as File[]; one file of an each-checked property as a one-element array', async () => {
  const several = await post('/api/users/gallery', multipart([['photos', png(5, 'a.png')], ['photos', png(5, 'b.jpg', 'image/jpeg')]]));
  assert.equal(await jsonOf(several), { photos: [['a.png', true], ['b.jpg', true]], thumbnail: null });
  const one = await post('/api/users/gallery', multipart([['photos', png(5, 'a.png')], ['thumbnail', png(1, 't.png')]]));
  assert.equal(await jsonOf(one), { photos: [['a.png', true]], thumbnail: 't.png' });
});

files.run();

const isFile = suite('IsFile({ maxSize, mimeTypes })');

const errorsOf = async (response: Response) => {
  assert.is(response.status, 422);
  return ((await jsonOf(response)) as { errors: FieldError[] }).errors;
};

isFile('a text value where a file is expected, a missing file, a file too large and a wrong type each answer 422', async () => {
  const put = (form: FormData | URLSearchParams) => post('/api/users/1/avatar', form, undefined, 'PUT');
  assert.equal(await errorsOf(await put(multipart([['avatar', 'not a file']]))), [
    { field: 'avatar', message: 'avatar must be a file (a multipart/form-data file part)', in: 'form' },
  ]);
  assert.equal(await errorsOf(await put(new URLSearchParams({ caption: 'x' }))), [
    { field: 'avatar', message: 'avatar must be a file (a multipart/form-data file part)', in: 'form' },
  ]);
  assert.equal(await errorsOf(await put(multipart([['avatar', png(1001)]]))), [
    { field: 'avatar', message: 'avatar must be at most 1000 bytes (got 1001)', in: 'form' },
  ]);
  assert.equal(await errorsOf(await put(multipart([['avatar', png(10, 'me.gif', 'image/gif')]]))), [
    { field: 'avatar', message: 'avatar must be of type image/png, image/jpeg (got image/gif)', in: 'form' },
  ]);
  assert.is((await put(multipart([['avatar', png(1000, 'me.jpg', 'image/jpeg')]]))).status, 200);
});

isFile('{ each: true } checks every file, wildcards accept every subtype, @IsOptional lets a file be left out', async () => {
  const errors = await errorsOf(await post('/api/users/gallery', multipart([['photos', png(5, 'a.png')], ['photos', png(5, 'b.txt', 'text/plain')]])));
  assert.equal(errors, [{ field: 'photos', message: 'photos.1 must be of type image/* (got text/plain)', in: 'form' }]);
  assert.equal(await errorsOf(await post('/api/users/gallery', multipart([['photos', 'a']]))), [
    { field: 'photos', message: 'photos.0 must be a file (a multipart/form-data file part)', in: 'form' },
  ]);
  assert.is((await post('/api/users/gallery', multipart([['photos', png(5, 'a.webp', 'image/webp')]]))).status, 200);
});

isFile('an invalid form does not run the handler and answers one 422 through formatError, every field error in: form', async () => {
  const before = runs;
  formatted.length = 0;
  const response = await post('/api/users/profile', new URLSearchParams({ age: 'abc' }));
  assert.is(runs, before);
  assert.equal(await jsonOf(response), {
    status: 422,
    message: 'Validation failed',
    errors: [
      { field: 'name', message: 'name must be a string', in: 'form' },
      { field: 'age', message: 'age must not be less than 0', in: 'form' },
      { field: 'age', message: 'age must be an integer number', in: 'form' },
    ],
  });
  assert.is(formatted.length, 1);
});

isFile('fileProblem: a Blob without a name is not a file; a type with parameters matches its essence', () => {
  assert.is(fileProblem(new Blob(['x']), {}), 'must be a file (a multipart/form-data file part)');
  assert.is(fileProblem(png(1, 'a.png', 'image/PNG'), { mimeTypes: ['image/png'] }), undefined);
  assert.is(fileProblem(new File(['x'], 'a.txt'), { mimeTypes: ['*/*'] }), 'must be of type */* (got no type)');
});

isFile('IsFile refuses options that are not a size or a list of types, saying what it takes', () => {
  assert.throws(() => IsFile({ maxSize: '1mb' as never }), /IsFile\(\{ maxSize \}\) takes a number of bytes, got 1mb\./);
  assert.throws(() => IsFile({ mimeTypes: 'image/png' as never }), /IsFile\(\{ mimeTypes \}\) takes an array of media types/);
});

isFile.run();

const limits = suite('@Form(Dto): body limit and malformed bodies');

limits('a body whose content-length passes bodyLimit answers 413', async () => {
  const response = await post('/api/users/1/avatar', multipart([['avatar', png(5000)]]), undefined, 'PUT');
  assert.is(response.status, 413);
  assert.equal(await jsonOf(response), { status: 413, message: 'Request body is larger than the limit of 4000 bytes' });
});

limits('a chunked body without content-length answers 413 without reading past the limit', async () => {
  let pulled = 0;
  const head = new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n');
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      if (pulled > 1000) return controller.close();
      controller.enqueue(pulled === 1 ? head : new Uint8Array(1000));
    },
  });
  const response = await app.handle(
    new Request('http://localhost/api/users/1/avatar', {
      method: 'PUT',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: stream,
      duplex: 'half',
    } as RequestInit),
  );
  assert.is(response.status, 413);
  assert.ok(pulled <= 7, `read ${pulled} chunks`);
});

limits('a malformed multipart body (no boundary, a wrong boundary, truncated) answers 400, never 500', async () => {
  const complete = await new Response(multipart([['avatar', png(10)]])).text();
  const boundary = complete.slice(2, complete.indexOf('\r\n'));
  const cases: [string, string][] = [
    ['multipart/form-data', complete],
    ['multipart/form-data; boundary=other', complete],
    [`multipart/form-data; boundary=${boundary}`, complete.slice(0, complete.length - 20)],
    [`multipart/form-data; boundary=${boundary}`, ''],
  ];
  for (const [type, body] of cases) {
    const response = await post('/api/users/1/avatar', body, { 'content-type': type }, 'PUT');
    assert.is(response.status, 400, `${type}: ${body.length} bytes`);
    assert.equal(await jsonOf(response), { status: 400, message: 'Request body is not valid multipart/form-data: check its boundary and that it is complete' });
  }
  assert.is((await post('/api/users/1/avatar', complete, { 'content-type': `multipart/form-data; boundary=${boundary}` }, 'PUT')).status, 200);
});

limits.run();

const late = suite('IsFile declared after the validators were loaded');

late('the first IsFile rule, declared after a form request loaded the validators, applies to its first request', () => {
  // A fresh process: in this one the rules above are registered already.
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./late-is-file.child.ts', import.meta.url))], { encoding: 'utf8' });
  assert.is(child.status, 0, child.stderr);
  assert.equal(JSON.parse(child.stdout), {
    status: 422,
    errors: [{ field: 'document', message: 'document must be of type image/png (got image/gif)', in: 'form' }],
  });
});

late.run();
