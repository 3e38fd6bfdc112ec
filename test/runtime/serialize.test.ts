import { Exclude, Expose, Transform } from 'class-transformer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Get, HttpCode, Use, createApplication } from '../../runtime/index';
import { holdsClassInstance } from '../../runtime/responses/serialize';
import { jsonOf, request } from './helpers';

class User {
  id = 1;
  email = 'ada@example.com';
  @Exclude() passwordHash = 'secret-hash';
  @Transform(({ value }) => (value as string).toUpperCase()) role = 'admin';
  @Expose({ groups: ['admin'] }) lastLogin = '2026-01-01';
  @Expose() get display(): string {
    return `#${this.id}`;
  }
}

class Money {
  constructor(readonly cents: number) {}
  toJSON() {
    return `${this.cents / 100} EUR`;
  }
}

@Controller('/users')
class UsersController {
  @Get('/one')
  one() {
    return new User();
  }

  @Get('/list')
  list() {
    return [new User(), new User()];
  }

  @Get('/page')
  page() {
    return { items: [new User()], meta: { total: 1, owner: new User() } };
  }

  @Get('/plain')
  plain() {
    return { id: 1, passwordHash: 'kept: it is a plain object', at: new Date(0), price: new Money(250) };
  }

  @Get('/created')
  @HttpCode(201)
  async created() {
    return new User();
  }

  @Get('/text')
  text() {
    return 'hello';
  }

  @Get('/number')
  number() {
    return 42;
  }

  @Get('/built')
  built() {
    return Response.json(new User());
  }

  @Get('/middleware')
  @Use(() => new User())
  middleware() {
    return 'never';
  }
}

const serializeSuite = suite('serialisation of what a handler returns');
const app = createApplication({ controllers: [UsersController] });

serializeSuite('a returned class instance goes through instanceToPlain: @Exclude, @Transform and @Expose are honoured', async () => {
  const response = await request(app, 'GET', '/api/users/one');
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'application/json');
  assert.equal(await jsonOf(response), { id: 1, email: 'ada@example.com', role: 'ADMIN', display: '#1' });
});

serializeSuite('an array of instances, and instances inside plain objects and arrays, are serialised too', async () => {
  const user = { id: 1, email: 'ada@example.com', role: 'ADMIN', display: '#1' };
  assert.equal(await jsonOf(await request(app, 'GET', '/api/users/list')), [user, user]);
  assert.equal(await jsonOf(await request(app, 'GET', '/api/users/page')), { items: [user], meta: { total: 1, owner: user } });
});

serializeSuite('@HttpCode applies to a serialised result', async () => {
  const response = await request(app, 'GET', '/api/users/created');
  assert.is(response.status, 201);
  assert.not.ok(JSON.stringify(await jsonOf(response)).includes('secret-hash'));
});

serializeSuite('plain objects, strings and numbers are sent untouched; Date and toJSON values are left to JSON.stringify', async () => {
  assert.equal(await jsonOf(await request(app, 'GET', '/api/users/plain')), {
    id: 1,
    passwordHash: 'kept: it is a plain object',
    at: '1970-01-01T00:00:00.000Z',
    price: '2.5 EUR',
  });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/users/text')), 'hello');
  assert.equal(await jsonOf(await request(app, 'GET', '/api/users/number')), 42);
});

serializeSuite('a Response the handler built, and a value middleware returns, are sent as they are', async () => {
  assert.ok(((await jsonOf(await request(app, 'GET', '/api/users/built'))) as { passwordHash?: string }).passwordHash);
  assert.ok(((await jsonOf(await request(app, 'GET', '/api/users/middleware'))) as { passwordHash?: string }).passwordHash);
});

serializeSuite('createApplication({ serialize: false }) sends class instances with JSON.stringify', async () => {
  const raw = createApplication({ controllers: [UsersController], serialize: false });
  const body = (await jsonOf(await request(raw, 'GET', '/api/users/one'))) as Record<string, unknown>;
  assert.is(body.passwordHash, 'secret-hash');
  assert.is(body.role, 'admin');
});

serializeSuite('createApplication({ serialize: options }) passes class-transformer options, e.g. groups', async () => {
  const admin = createApplication({ controllers: [UsersController], serialize: { groups: ['admin'] } });
  const body = (await jsonOf(await request(admin, 'GET', '/api/users/one'))) as Record<string, unknown>;
  assert.is(body.lastLogin, '2026-01-01');
  assert.is(body.passwordHash, undefined);
});

serializeSuite('a serialize option that is neither a boolean nor an object is refused with what to pass', () => {
  assert.throws(
    () => createApplication({ controllers: [UsersController], serialize: 'yes' as unknown as boolean }),
    (error: Error) => error.message === 'createApplication: serialize must be true, false or class-transformer options, got string.',
  );
});

serializeSuite.run();

const holdsSuite = suite('holdsClassInstance');

holdsSuite('finds a class instance at any depth of plain objects and arrays, and nothing in plain data', () => {
  assert.is(holdsClassInstance(new User()), true);
  assert.is(holdsClassInstance({ a: [{ b: [new User()] }] }), true);
  assert.is(holdsClassInstance({ a: [{ b: [1, 'x', null, new Date(), { c: true }] }] }), false);
  assert.is(holdsClassInstance(Object.create(null)), false);
  assert.is(holdsClassInstance('text'), false);
  assert.is(holdsClassInstance(undefined), false);
  assert.is(holdsClassInstance(new Money(1)), false);
});

holdsSuite.run();
