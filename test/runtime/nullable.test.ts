import { validate } from '@readme/openapi-parser';
import { Type } from 'class-transformer';
import { IsEnum, IsIn, IsInt, IsOptional, IsString, MinLength, ValidateNested } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Body, Controller, Nullable, Post, createApplication, generateOpenApiDocument } from '../../runtime/index';
import { jsonOf, postJson } from './helpers';

class NullableAddressDto {
  @IsString()
  @MinLength(1)
  street!: string;

  @Nullable()
  @IsOptional()
  @IsString()
  note?: string | null;
}

enum Color {
  Red = 'red',
}

class NullableProfileDto {
  /** Required, and may be null. */
  @Nullable()
  @IsString()
  @MinLength(2)
  bio!: string | null;

  /** May be left out or null: class-validator's own meaning of @IsOptional. */
  @Nullable()
  @IsOptional()
  @IsInt()
  age?: number | null;

  @Nullable()
  @ValidateNested()
  @Type(() => NullableAddressDto)
  address!: NullableAddressDto | null;

  @IsOptional()
  @IsString()
  nickname?: string;

  @Nullable()
  @IsOptional()
  @IsEnum(Color)
  color?: Color | null;

  @Nullable()
  @IsOptional()
  @IsIn(['s', 'm'])
  size?: string | null;
}

class NullableAdminDto extends NullableProfileDto {
  @IsString()
  role!: string;
}

@Controller('/profiles')
class ProfilesController {
  @Post('')
  create(@Body(NullableProfileDto) profile: NullableProfileDto) {
    return { bio: profile.bio, age: profile.age, address: profile.address };
  }

  @Post('/admin')
  admin(@Body(NullableAdminDto) profile: NullableAdminDto) {
    return { bio: profile.bio };
  }
}

const app = createApplication({ controllers: [ProfilesController], basePath: '/n' });
const strict = createApplication({ controllers: [ProfilesController], basePath: '/strict', validation: { whitelist: true, forbidNonWhitelisted: true } });
const valid = { bio: 'hello', address: { street: 's' } };

async function answer(body: unknown, path = '/n/profiles', application = app): Promise<{ status: number; body: any }> {
  const response = await postJson(application, path, body);
  return { status: response.status, body: await jsonOf(response) };
}

const runtime = suite('@Nullable(), through app.handle');

runtime('a required @Nullable property takes null, and the handler gets null', async () => {
  const { status, body } = await answer({ ...valid, bio: null, address: null });
  assert.is(status, 200);
  assert.equal(body, { bio: null, address: null });
});

runtime('a required @Nullable property is still required, and its other checks still apply to values', async () => {
  const missing = await answer({ address: null });
  assert.is(missing.status, 422);
  assert.equal(missing.body.errors.map((error: { field: string }) => error.field), ['bio', 'bio']);
  const short = await answer({ ...valid, bio: 'x' });
  assert.equal(short.body.errors, [{ field: 'bio', message: 'bio must be longer than or equal to 2 characters', in: 'body' }]);
  const noAddress = await answer({ bio: 'hello' });
  assert.equal(noAddress.body.errors, [{ field: 'address', message: 'address is required', in: 'body' }]);
});

runtime('@Nullable with @IsOptional: left out or null', async () => {
  assert.is((await answer({ ...valid, age: null })).status, 200);
  assert.is((await answer(valid)).status, 200);
  assert.equal((await answer({ ...valid, age: 'x' })).body.errors, [{ field: 'age', message: 'age must be an integer number', in: 'body' }]);
  assert.is((await answer({ ...valid, color: null, size: null })).status, 200);
});

runtime('a nested DTO may be null, and its own @Nullable fields too; a nested object is still validated', async () => {
  assert.is((await answer({ ...valid, address: { street: 's', note: null } })).status, 200);
  assert.equal((await answer({ ...valid, address: { street: '' } })).body.errors, [
    { field: 'address.street', message: 'street must be longer than or equal to 1 characters', in: 'body' },
  ]);
});

runtime('null on an @IsOptional property without @Nullable is refused, and the message names @Nullable', async () => {
  const { status, body } = await answer({ ...valid, nickname: null });
  assert.is(status, 422);
  assert.equal(body.errors, [{ field: 'nickname', message: 'nickname must not be null: leave it out (add @Nullable() to accept null)', in: 'body' }]);
});

runtime('a subclass keeps the @Nullable of the class it extends', async () => {
  assert.is((await answer({ ...valid, bio: null, role: 'r' }, '/n/profiles/admin')).status, 200);
});

runtime('under whitelist and forbidNonWhitelisted, a @Nullable property is kept', async () => {
  const { status, body } = await answer({ ...valid, bio: null, age: null }, '/strict/profiles', strict);
  assert.is(status, 200);
  assert.equal(body, { bio: null, age: null, address: { street: 's' } });
});

runtime('@Nullable() refuses a symbol-named property and TC39 decorators', () => {
  assert.throws(() => Nullable()(NullableProfileDto.prototype, Symbol('x')), /string name/);
  assert.throws(() => (Nullable() as any)(undefined, { kind: 'field', name: 'x' }), /experimentalDecorators/);
});

const documented = suite('@Nullable(), in the OpenAPI document');

documented('the schema accepts null where the validation does, and keeps required fields required', async () => {
  const document = await generateOpenApiDocument({ title: 't', applications: [app] });
  const schemas = (document.components as { schemas: Record<string, any> }).schemas;
  const profile = schemas.NullableProfileDto;
  assert.equal([...profile.required].sort(), ['address', 'bio']);
  assert.equal(profile.properties.bio.type, ['string', 'null']);
  assert.equal(profile.properties.age.type, ['integer', 'null']);
  assert.equal(profile.properties.address, { anyOf: [{ $ref: '#/components/schemas/NullableAddressDto' }, { type: 'null' }] });
  assert.ok(profile.properties.color.enum.includes(null), JSON.stringify(profile.properties.color));
  assert.ok(profile.properties.size.enum.includes(null), JSON.stringify(profile.properties.size));
  assert.equal(profile.properties.nickname.type, 'string');
  assert.equal(schemas.NullableAddressDto.properties.note.type, ['string', 'null']);
  assert.equal(schemas.NullableAdminDto.properties.bio.type, ['string', 'null']);
  assert.ok((await validate(structuredClone(document) as never)).valid, 'a valid OpenAPI 3.1 document');
});

runtime.run();
documented.run();
