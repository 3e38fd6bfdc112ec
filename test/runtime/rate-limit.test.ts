import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  Controller,
  Get,
  Post,
  RateLimit,
  Use,
  cors,
  createApplication,
  memoryStore,
  problemDetails,
  redisStore,
  type ApplicationOptions,
  type Middleware,
  type RateLimitStore,
  type RedisClient,
} from '../../runtime/index';
import { COUNT_SCRIPT, COUNT_SCRIPT_SHA } from '../../runtime/guards/redis-store';
import { createMemoryStore } from '../../runtime/guards/memory-store';
import { startRedis, type RunningRedis } from '../support/redis-server';
import { captureConsole } from './helpers';

let ran = 0;

const signIn: Middleware = (context, next) => {
  const user = context.request.headers.get('x-user');
  if (user) context.state.user = user;
  return next();
};

@Controller('/posts')
class PostsController {
  @Get('')
  @RateLimit({ limit: 2, window: 60_000 })
  list() {
    ran += 1;
    return [];
  }

  @Get('/open')
  open() {
    ran += 1;
    return { open: true };
  }

  @Post('/by-user')
  @Use(signIn)
  @RateLimit({ limit: 1, window: 60_000, key: (context) => context.state.user as string | undefined })
  byUser() {
    ran += 1;
    return { ok: true };
  }

  @Get('/async-key')
  @RateLimit({ limit: 1, window: 60_000, key: async (context) => context.request.headers.get('x-api-key') ?? undefined })
  asyncKey() {
    return { ok: true };
  }

  @Get('/short')
  @RateLimit({ limit: 1, window: 80 })
  short() {
    return { ok: true };
  }
}

@Controller('/search')
@RateLimit({ limit: 3, window: 60_000 })
class SearchController {
  @Get('/a')
  a() {
    return 'a';
  }

  @Get('/b')
  @RateLimit({ limit: 1, window: 60_000 })
  b() {
    return 'b';
  }
}

const app = (options: Partial<ApplicationOptions> = {}) => createApplication({ controllers: [PostsController, SearchController], ...options });

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost/api${path}`, { headers: { 'x-forwarded-for': '10.0.0.1', ...headers } });

const test = suite('rate limits');

test.before.each(() => {
  ran = 0;
});

test('over the limit: 429 through the error format with Retry-After and the RateLimit fields, and the handler does not run', async () => {
  const handler = app({ formatError: problemDetails });
  const first = await handler.handle(get('/posts'));
  assert.is(first.status, 200);
  // Half of the quota used, not more: no fields yet (the draft lets a server send them only near exhaustion).
  assert.is(first.headers.get('ratelimit'), null);
  const second = await handler.handle(get('/posts'));
  assert.is(second.headers.get('ratelimit-policy'), '"route";q=2;w=60');
  assert.is(second.headers.get('ratelimit'), '"route";r=0;t=60');
  const refused = await handler.handle(get('/posts'));
  assert.is(refused.status, 429);
  assert.is(refused.headers.get('content-type'), 'application/problem+json');
  assert.is(refused.headers.get('retry-after'), '60');
  assert.is(refused.headers.get('ratelimit-policy'), '"route";q=2;w=60');
  assert.is(refused.headers.get('ratelimit'), '"route";r=0;t=60');
  assert.is((await refused.json()).detail, 'Too many requests: try again in 60 s');
  assert.is(ran, 2);
});

test('routes without a limit are not counted and get no RateLimit fields', async () => {
  const response = await app().handle(get('/posts/open'));
  assert.is(response.headers.get('ratelimit'), null);
});

test('the default key is the last X-Forwarded-For entry: what the nearest proxy saw, not what the client wrote before it', async () => {
  const handler = app();
  for (let i = 0; i < 2; i++) assert.is((await handler.handle(get('/posts', { 'x-forwarded-for': `6.6.6.${i}, 10.0.0.2` }))).status, 200);
  assert.is((await handler.handle(get('/posts', { 'x-forwarded-for': '7.7.7.7, 10.0.0.2' }))).status, 429);
  assert.is((await handler.handle(get('/posts', { 'x-forwarded-for': '10.0.0.3' }))).status, 200);
});

test("a controller's limit counts its routes together; a method's own limit counts beside it, and both are reported", async () => {
  const handler = app();
  const b = await handler.handle(get('/search/b'));
  assert.is(b.headers.get('ratelimit-policy'), '"controller";q=3;w=60, "route";q=1;w=60');
  assert.is(b.headers.get('ratelimit'), '"controller";r=2;t=60, "route";r=0;t=60');
  assert.is((await handler.handle(get('/search/b'))).status, 429);
  assert.is((await handler.handle(get('/search/a'))).status, 200);
  // The refused /search/b still counted against the controller: 3 of 3 are used.
  const last = await handler.handle(get('/search/a'));
  assert.is(last.status, 429);
});

test('createApplication({ rateLimit }) limits every route, each client counted across routes', async () => {
  const handler = app({ rateLimit: { limit: 2, window: 1_000 } });
  assert.is((await handler.handle(get('/posts/open'))).status, 200);
  assert.is((await handler.handle(get('/search/a'))).status, 200);
  const refused = await handler.handle(get('/posts/open'));
  assert.is(refused.status, 429);
  assert.is(refused.headers.get('retry-after'), '1');
});

test("a client's count outlives the cache of its keys: counted on after a thousand other clients, in its own window", async () => {
  const handler = app({ rateLimit: { limit: 2, window: 60_000 } });
  assert.is((await handler.handle(get('/posts/open', { 'x-forwarded-for': '10.9.9.9' }))).status, 200);
  for (let i = 0; i < 1_001; i++) await handler.handle(get('/posts/open', { 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` }));
  assert.is((await handler.handle(get('/posts/open', { 'x-forwarded-for': '10.9.9.9' }))).status, 200);
  assert.is((await handler.handle(get('/posts/open', { 'x-forwarded-for': '10.9.9.9' }))).status, 429);
  assert.is((await handler.handle(get('/posts/open', { 'x-forwarded-for': '10.1.0.5' }))).status, 200, 'another client, once before');
});

test('key by user: what middleware put on context.state, the address when the key gives nothing', async () => {
  const handler = app();
  const by = (user?: string) => handler.handle(new Request('http://localhost/api/posts/by-user', { method: 'POST', headers: user ? { 'x-user': user, 'content-type': 'application/json' } : { 'content-type': 'application/json' } }));
  assert.is((await by('ada')).status, 200);
  assert.is((await by('ada')).status, 429);
  assert.is((await by('grace')).status, 200);
  assert.is((await by()).status, 200); // no user: the address 'unknown'
  assert.is((await by()).status, 429);
});

test('an async key is awaited', async () => {
  const handler = app();
  assert.is((await handler.handle(get('/posts/async-key', { 'x-api-key': 'k1' }))).status, 200);
  assert.is((await handler.handle(get('/posts/async-key', { 'x-api-key': 'k1' }))).status, 429);
  assert.is((await handler.handle(get('/posts/async-key', { 'x-api-key': 'k2' }))).status, 200);
});

test('a new window starts once the last one has ended', async () => {
  const handler = app();
  assert.is((await handler.handle(get('/posts/short'))).status, 200);
  assert.is((await handler.handle(get('/posts/short'))).status, 429);
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.is((await handler.handle(get('/posts/short'))).status, 200);
});

test('global middleware sees the 429: cors() marks it', async () => {
  const handler = app().use(cors({ origin: 'https://app.example.com' }));
  const headers = { origin: 'https://app.example.com' };
  await handler.handle(get('/posts', headers));
  await handler.handle(get('/posts', headers));
  const refused = await handler.handle(get('/posts', headers));
  assert.is(refused.status, 429);
  assert.is(refused.headers.get('access-control-allow-origin'), 'https://app.example.com');
});

test('memoryStore({ maxKeys }) drops the window that started first for each new key past the limit', async () => {
  const handler = app({ rateLimit: { store: memoryStore({ maxKeys: 2 }) } });
  const from = (address: string) => handler.handle(get('/search/b', { 'x-forwarded-for': address }));
  assert.is((await from('1.1.1.1')).status, 200);
  assert.is((await from('1.1.1.1')).status, 429);
  await from('2.2.2.2'); // 4 keys (controller and route for two addresses) > 2: 1.1.1.1's are dropped
  assert.is((await from('1.1.1.1')).status, 200);
});

test("the memory store's hit, as any store's: one count per hit, in order, and each window's milliseconds left", () => {
  const store = createMemoryStore();
  store.hit([{ key: 'a', window: 1_000 }]);
  const [a, b] = store.hit([
    { key: 'a', window: 1_000 },
    { key: 'b', window: 5_000 },
  ]) as { count: number; reset: number }[];
  assert.equal([a.count, b.count], [2, 1]);
  assert.ok(a.reset > 0 && a.reset <= 1_000 && b.reset > 1_000 && b.reset <= 5_000);
  assert.throws(() => createMemoryStore({ maxKeys: 0 }), /memoryStore\(\{ maxKeys \}\) takes a whole number above 0, got 0\./);
});

test('a store that fails lets the request through (fail open) and tells onError; onError returning a Response sends it (fail closed)', async () => {
  const broken: RateLimitStore = {
    hit() {
      throw new Error('disk on fire');
    },
  };
  const reported: unknown[] = [];
  const open = app({ rateLimit: { limit: 5, window: 1_000, store: broken }, onError: (error) => void reported.push(error) });
  const through = await open.handle(get('/posts/open'));
  assert.is(through.status, 200);
  assert.is(through.headers.get('ratelimit'), null);
  assert.is((reported[0] as Error).name, 'RateLimitStoreError');
  assert.is((reported[0] as Error).message, 'The rate-limit store failed: disk on fire; the request went on unlimited');
  assert.is(((reported[0] as Error).cause as Error).message, 'disk on fire');

  const rejecting: RateLimitStore = { hit: () => Promise.reject(new Error('gone')) };
  const closed = app({ rateLimit: { limit: 5, window: 1_000, store: rejecting }, onError: () => new Response('try later', { status: 503 }) });
  const refused = await closed.handle(get('/posts/open'));
  assert.is(refused.status, 503);
  assert.is(ran, 1);
});

test('wrong options are printed when the application is created, before any request', async () => {
  const printed = await captureConsole(async () => {
    app({ rateLimit: { limit: -1, window: 1000 } });
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  assert.is(printed.error.length, 1);
  assert.is(printed.error[0][0], 'next-app-controllers: the application cannot answer requests:');
  assert.match((printed.error[0][1] as Error).message, 'createApplication({ rateLimit }) takes { limit, window');
});

test('wrong options fail the first request with a message saying what to write', async () => {
  const failure = async (options: Partial<ApplicationOptions>) =>
    app(options)
      .handle(get('/posts/open'))
      .then(() => 'answered', (error: Error) => error.message);
  assert.is(
    await failure({ rateLimit: { limit: 0, window: 1000 } }),
    'createApplication({ rateLimit }) takes { limit, window, key?, store? }: whole numbers of requests and of milliseconds, e.g. { limit: 100, window: 60_000 }, and a function of the RouteContext as key.',
  );
  assert.is(await failure({ rateLimit: { store: {} as never } }), 'createApplication({ rateLimit: { store } }) takes memoryStore(), redisStore(client) or an object with hit(hits).');

  @Controller('/bad')
  class BadController {
    @Get('')
    @RateLimit({ limit: 10, window: '1m' as never })
    list() {}
  }
  const bad = await createApplication({ controllers: [BadController] })
    .handle(get('/bad'))
    .then(() => 'answered', (error: Error) => error.message);
  assert.match(bad, /^BadController\.list: @RateLimit takes \{ limit, window, key\? \}/);
});

test.run();

const redis = suite('redisStore');
let server: RunningRedis | undefined;
const clients: { quit?(): unknown; disconnect?(): unknown; destroy?(): unknown }[] = [];

redis.before(async () => {
  server = await startRedis();
});

redis.after(async () => {
  for (const client of clients) {
    try {
      await (client.destroy?.() ?? client.disconnect?.());
    } catch {
      // already closed
    }
  }
  await server?.stop();
});

// ioredis's defaults, as an app has them: while Redis is away it queues commands and retries (20 times per command).
const ioredis = () => {
  const client = new Redis(server!.url);
  client.on('error', () => {});
  clients.push(client);
  return client;
};

const nodeRedis = async () => {
  const client = createClient({ url: server!.url });
  client.on('error', () => {});
  await client.connect();
  clients.push(client);
  return client;
};

redis('the script is the one its SHA names (EVALSHA)', () => {
  assert.is(createHash('sha1').update(COUNT_SCRIPT).digest('hex'), COUNT_SCRIPT_SHA);
});

for (const [name, make] of [
  ['ioredis', async () => ioredis()],
  ['node-redis', nodeRedis],
] as const) {
  redis(`${name}: two instances sharing Redis count one exact total (2 × limit requests over both: exactly limit pass)`, async () => {
    const limit = 7;
    const instance = async () =>
      createApplication({ controllers: [PostsController], rateLimit: { limit, window: 60_000, store: redisStore((await make()) as RedisClient, { prefix: `test:${name}:` }) } });
    const [one, two] = [await instance(), await instance()];
    const answers = await Promise.all(Array.from({ length: 2 * limit }, (_, i) => (i % 2 === 0 ? one : two).handle(get('/posts/open'))));
    assert.is(answers.filter((response) => response.status === 200).length, limit);
    assert.is(answers.filter((response) => response.status === 429).length, limit);
    const ttl = Number(await (ioredis()).pttl(`test:${name}:{10.0.0.1}:app /api`));
    assert.ok(ttl > 0 && ttl <= 60_000, String(ttl));
  });
}

redis('a Redis that lost its scripts (SCRIPT FLUSH) gets the script again with EVAL', async () => {
  const client = ioredis();
  await client.script('FLUSH');
  const handler = createApplication({ controllers: [PostsController], rateLimit: { limit: 1, window: 60_000, store: redisStore(client, { prefix: 'test:flush:' }) } });
  assert.is((await handler.handle(get('/posts/open'))).status, 200);
  assert.is((await handler.handle(get('/posts/open'))).status, 429);
  assert.is(Number(await client.script('EXISTS', COUNT_SCRIPT_SHA).then((found) => (found as number[])[0])), 1);
});

redis('Redis stopped mid-run: each request waits at most the timeout, then goes on unlimited, and onError hears of it', async () => {
  const reported: Error[] = [];
  const handler = createApplication({
    controllers: [PostsController],
    rateLimit: { limit: 3, window: 60_000, store: redisStore(ioredis(), { timeout: 300, prefix: 'test:stop:' }) },
    onError: (error) => void reported.push(error as Error),
  });
  assert.is((await handler.handle(get('/posts/open'))).status, 200);
  await server!.stop();
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const response = await handler.handle(get('/posts/open'));
    const waited = performance.now() - started;
    assert.is(response.status, 200);
    // ioredis holds the command while it reconnects: the store's timeout is what ends the wait.
    assert.ok(waited >= 250 && waited < 1_000, `waited ${waited} ms`);
  }
  assert.is(reported.length, 5);
  assert.is(reported[0].name, 'RateLimitStoreError');
  assert.match(reported[0].message, /^The rate-limit store failed: .+; the request went on unlimited$/);
});

redis('redisStore refuses what is not a Redis client, when the limiter loads', async () => {
  const failure = await createApplication({ controllers: [PostsController], rateLimit: { limit: 1, window: 1_000, store: redisStore({} as RedisClient) } })
    .handle(get('/posts/open'))
    .then(() => 'answered', (error: Error) => error.message);
  assert.is(failure, 'redisStore(client) takes an ioredis client (new Redis(url)) or a node-redis one (createClient(), connected).');
});

redis.run();
