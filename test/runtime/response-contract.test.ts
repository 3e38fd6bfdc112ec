import { Exclude, Expose, Transform, Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiResponse, Body, Controller, Get, HttpCode, Post, createApplication, type ApplicationOptions, type RouteContext } from '../../runtime/index';
import type { ResponseContractError } from '../../runtime/errors/response-contract-error';
import { jsonOf, postJson, request } from './helpers';

class TagDto {
  @IsString() name!: string;
}

class AuthorDto {
  @IsString() name!: string;
}

class Secretive {
  name = 'kept';
  @Exclude() token = 'never sent';
}

class PostDto {
  @IsOptional() @IsObject() meta?: object;
  @IsString() id!: string;
  @IsString() title!: string;
  @IsOptional() @IsInt() views?: number;
  @ValidateNested() @Type(() => AuthorDto) author!: AuthorDto;
  @IsArray() @ValidateNested({ each: true }) @Type(() => TagDto) tags!: TagDto[];
  @Exclude() @IsOptional() @IsString() internalNote?: string;
  @Expose({ name: 'created' }) @IsString() createdAt!: string;
  @Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : value)) @IsString() status!: string;
}

class Entity {
  id = '7';
  title = 'Entity';
  author = { name: 'Ada', passwordHash: 'h' };
  tags = [{ name: 't', secret: 1 }];
  createdAt = '2026';
  status = 'draft';
  passwordHash = 'secret';
  get computed() {
    return 'getter';
  }
}

class EntityWithRules {
  id = '8';
  @Exclude() title = 'hidden by the entity';
  author = { name: 'Bo' };
  tags = [];
  createdAt = '2026';
  status = 's';
}

const record = () => ({
  id: '1',
  title: 'Hello',
  author: { name: 'Ada', email: 'ada@example.com' },
  tags: [{ name: 'a', id: 9 }, { name: 'b', hidden: true }],
  createdAt: '2026-01-01',
  status: 'published',
  internalNote: 'n',
  passwordHash: 'x',
});

// Typed routes return records with more than the DTO: the contract's compile-time check admits that (structural).
@ApiResponse({ status: 201, type: TagDto })
@Controller('/posts')
class PostsController {
  @Get('/one')
  @ApiResponse({ status: 200, type: PostDto })
  one() {
    return record();
  }

  @Get('/many')
  @ApiResponse({ status: 200, type: PostDto, isArray: true })
  async many() {
    return [record(), { ...record(), id: '2' }];
  }

  @Get('/instance')
  @ApiResponse({ status: 200, type: PostDto })
  instance() {
    return Object.assign(new PostDto(), record());
  }

  @Get('/entity')
  @ApiResponse({ status: 200, type: PostDto })
  entity() {
    return new Entity() as unknown as PostDto;
  }

  @Get('/entity-rules')
  @ApiResponse({ status: 200, type: PostDto })
  entityRules() {
    return new EntityWithRules() as unknown as PostDto;
  }

  @Get('/response')
  @ApiResponse({ status: 200, type: PostDto })
  response(context: RouteContext) {
    return context.json({ ...record(), extra: 1 }, { status: 404 });
  }

  @Get('/untyped')
  @ApiResponse({ status: 200, description: 'no type' })
  untyped() {
    return record();
  }

  @Get('/undeclared')
  undeclared() {
    return record();
  }

  @Get('/other-status')
  @ApiResponse({ status: 404, type: TagDto })
  otherStatus() {
    return record();
  }

  @Post('/class-level')
  @HttpCode(201)
  classLevel() {
    return { name: 'from the class', extra: true };
  }

  @Get('/broken')
  @ApiResponse({ status: 200, type: PostDto })
  broken() {
    return { id: 1, title: 'no author' } as unknown as PostDto;
  }
}

const app = (options: Partial<ApplicationOptions> = {}) => createApplication({ controllers: [PostsController], basePath: '/strip', ...options });

const EXPECTED = {
  id: '1',
  title: 'Hello',
  author: { name: 'Ada' },
  tags: [{ name: 'a' }, { name: 'b' }],
  created: '2026-01-01',
  status: 'PUBLISHED',
};

const test = suite('response contract');

test("'strip' (the default): a record is sent with exactly the DTO's properties, recursively", async () => {
  const response = await request(app(), 'GET', '/strip/posts/one');
  assert.is(response.status, 200);
  assert.equal(await jsonOf(response), EXPECTED);
});

test('isArray: each item stripped', async () => {
  assert.equal(await jsonOf(await request(app(), 'GET', '/strip/posts/many')), [EXPECTED, { ...EXPECTED, id: '2' }]);
});

test('a DTO instance: @Exclude, @Expose({ name }) and @Transform still apply', async () => {
  assert.equal(await jsonOf(await request(app(), 'GET', '/strip/posts/instance')), EXPECTED);
});

test("an instance of another class: only the DTO's properties, getters and secrets dropped", async () => {
  const body = await jsonOf(await request(app(), 'GET', '/strip/posts/entity'));
  assert.equal(body, { id: '7', title: 'Entity', author: { name: 'Ada' }, tags: [{ name: 't' }], created: '2026', status: 'DRAFT' });
});

test("an entity's own class-transformer rules apply before the DTO's", async () => {
  const body = await jsonOf(await request(app(), 'GET', '/strip/posts/entity-rules'));
  assert.equal(body, { id: '8', author: { name: 'Bo' }, tags: [], created: '2026', status: 'S' });
});

test("an untyped property's value keeps its class-transformer rules (an entity held in it loses its @Exclude fields)", async () => {
  @Controller('/meta')
  class MetaController {
    @Get('')
    @ApiResponse({ status: 200, type: PostDto })
    get() {
      return { ...record(), meta: { owner: new Secretive(), plain: { a: 1 } } };
    }
  }
  const a = createApplication({ controllers: [MetaController], basePath: '/leaf' });
  assert.equal(await jsonOf(await request(a, 'GET', '/leaf/meta')), { ...EXPECTED, meta: { owner: { name: 'kept' }, plain: { a: 1 } } });
});

test('a Response, an untyped status, an undeclared route, another status: sent as today', async () => {
  const a = app();
  assert.equal(await jsonOf(await request(a, 'GET', '/strip/posts/response')), { ...record(), extra: 1 });
  assert.equal(await jsonOf(await request(a, 'GET', '/strip/posts/untyped')), record());
  assert.equal(await jsonOf(await request(a, 'GET', '/strip/posts/undeclared')), record());
  assert.equal(await jsonOf(await request(a, 'GET', '/strip/posts/other-status')), record());
});

test('a class-level @ApiResponse applies to the status the route sends (@HttpCode)', async () => {
  const response = await request(app(), 'POST', '/strip/posts/class-level');
  assert.is(response.status, 201);
  assert.equal(await jsonOf(response), { name: 'from the class' });
});

test("'off': sent as it is", async () => {
  assert.equal(await jsonOf(await request(app({ responseContract: 'off' }), 'GET', '/strip/posts/one')), record());
});

test("'validate': a valid value is sent stripped; a mismatch is a 500 and onError gets the route and the fields", async () => {
  const seen: unknown[] = [];
  const a = app({ responseContract: 'validate', onError: (error) => void seen.push(error) });
  assert.equal(await jsonOf(await request(a, 'GET', '/strip/posts/one')), EXPECTED);
  assert.equal(await jsonOf(await request(a, 'GET', '/strip/posts/many')), [EXPECTED, { ...EXPECTED, id: '2' }]);
  const response = await request(a, 'GET', '/strip/posts/broken');
  assert.is(response.status, 500);
  assert.is(seen.length, 1);
  const error = seen[0] as ResponseContractError;
  assert.is(error.name, 'ResponseContractError');
  assert.is(error.route, 'GET /strip/posts/broken (PostsController.broken)');
  assert.is(error.dto, 'PostDto');
  const fields = error.errors.map((entry) => entry.field).sort();
  assert.ok(fields.includes('id'), fields.join());
  assert.ok(fields.includes('author'), fields.join());
  // Fields are named as the DTO's properties (createdAt, sent as `created`).
  assert.ok(fields.includes('createdAt'), fields.join());
});

test("'strip' does not validate: the same broken value is sent stripped", async () => {
  const response = await request(app(), 'GET', '/strip/posts/broken');
  assert.is(response.status, 200);
  assert.equal(await jsonOf(response), { id: 1, title: 'no author' });
});

test('an unknown responseContract is refused when the application is created', () => {
  assert.throws(() => app({ responseContract: 'loose' as never }), /responseContract must be 'strip', 'validate' or 'off', got "loose"/);
});

// Discriminated unions: each item stripped by the subtype its `kind` names.
class Pet {
  @IsIn(['dog', 'cat']) kind!: string;
  @IsString() name!: string;
}
class Dog extends Pet {
  @IsInt() barks!: number;
}
class Cat extends Pet {
  @IsInt() lives!: number;
}
class Owner {
  @IsString() name!: string;
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Pet, { discriminator: { property: 'kind', subTypes: [{ name: 'dog', value: Dog }, { name: 'cat', value: Cat }] }, keepDiscriminatorProperty: true })
  pets!: Pet[];
}

@Controller('/owners')
class OwnersController {
  @Post('')
  @ApiResponse({ status: 200, type: Owner })
  create(@Body(Owner) owner: Owner) {
    return { ...owner, pets: owner.pets.map((pet) => ({ ...pet, className: pet.constructor.name })) };
  }

  @Get('')
  @ApiResponse({ status: 200, type: Owner })
  get() {
    return {
      name: 'Ada',
      secret: 1,
      pets: [
        { kind: 'dog', name: 'Rex', barks: 3, lives: 1, chip: 'x' },
        { kind: 'cat', name: 'Tom', barks: 3, lives: 9 },
        Object.assign(new Cat(), { name: 'Kit', lives: 7, vet: 'y' }),
      ],
    };
  }
}

test('discriminated subtypes: each item stripped as its own subtype', async () => {
  const a = createApplication({ controllers: [OwnersController], basePath: '/union' });
  assert.equal(await jsonOf(await request(a, 'GET', '/union/owners')), {
    name: 'Ada',
    pets: [
      { kind: 'dog', name: 'Rex', barks: 3 },
      { kind: 'cat', name: 'Tom', lives: 9 },
      { kind: 'cat', name: 'Kit', lives: 7 },
    ],
  });
});

test('request bodies: each item validated as the subtype its kind names; an unknown kind is a 422 naming the allowed ones', async () => {
  const a = createApplication({ controllers: [OwnersController], basePath: '/union-in' });
  const ok = await postJson(a, '/union-in/owners', { name: 'Ada', pets: [{ kind: 'dog', name: 'Rex', barks: 2 }, { kind: 'cat', name: 'Tom', lives: 9 }] });
  assert.is(ok.status, 200);
  assert.equal(await jsonOf(ok), { name: 'Ada', pets: [{ kind: 'dog', name: 'Rex', barks: 2 }, { kind: 'cat', name: 'Tom', lives: 9 }] });
  const wrongFields = await postJson(a, '/union-in/owners', { name: 'Ada', pets: [{ kind: 'dog', name: 'Rex', lives: 9 }] });
  assert.is(wrongFields.status, 422);
  assert.match(JSON.stringify(await jsonOf(wrongFields)), /pets\.0\.barks/);
  const unknown = await postJson(a, '/union-in/owners', { name: 'Ada', pets: [{ kind: 'dog', name: 'Rex', barks: 1 }, { kind: 'bird', name: 'Tweety' }] });
  assert.is(unknown.status, 422);
  const body = (await jsonOf(unknown)) as { errors: { field: string; message: string }[] };
  assert.equal(body.errors.map((error) => [error.field, error.message]), [['pets.1.kind', 'pets.1.kind must be one of: dog, cat']]);
});

test.run();
