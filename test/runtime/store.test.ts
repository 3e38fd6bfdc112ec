import 'reflect-metadata';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, createApplication, Get, memoryStore, RateLimit, redisStore, type ApplicationStore } from '../../runtime';
import { applicationStore } from '../../runtime/guards/store';
import { startRedis, type RunningRedis } from '../support/redis-server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What idempotency and webhook de-duplication need of a store, the same for every store. */
async function valuesBehave(store: ApplicationStore, prefix: string): Promise<void> {
  assert.is(await store.get(`${prefix}a`), undefined);
  assert.is(await store.add(`${prefix}a`, 'first', 60_000), true);
  assert.is(await store.add(`${prefix}a`, 'second', 60_000), false, 'add does not overwrite');
  assert.is(await store.get(`${prefix}a`), 'first');
  await store.set(`${prefix}a`, 'third', 60_000);
  assert.is(await store.get(`${prefix}a`), 'third');
  await store.delete(`${prefix}a`);
  assert.is(await store.get(`${prefix}a`), undefined);
  assert.is(await store.add(`${prefix}a`, 'again', 60_000), true, 'add after delete');
  // Expiry: a lock left by a crash frees itself.
  assert.is(await store.add(`${prefix}short`, 'lock', 50), true);
  assert.is(await store.add(`${prefix}short`, 'lock', 50), false);
  await sleep(120);
  assert.is(await store.get(`${prefix}short`), undefined);
  assert.is(await store.add(`${prefix}short`, 'lock', 50), true, 'an expired value can be added again');
  // Atomic: of many adds at once, one wins.
  const wins = await Promise.all(Array.from({ length: 50 }, (_, i) => store.add(`${prefix}race`, String(i), 60_000)));
  assert.is(wins.filter(Boolean).length, 1);
}

const memory = suite('memoryStore: values');

memory('add, get, set, delete and expiry', async () => {
  await valuesBehave(applicationStore(memoryStore()), '');
});

memory('a ttl that is not a whole number of milliseconds above 0 is refused', () => {
  const store = applicationStore(memoryStore());
  assert.throws(() => store.set('k', 'v', 0), /whole number of milliseconds above 0, got 0/);
  assert.throws(() => store.add('k', 'v', 1.5), /got 1.5/);
});

memory('past maxKeys the oldest value is dropped', () => {
  const store = applicationStore(memoryStore({ maxKeys: 2 }));
  store.set('a', '1', 60_000);
  store.set('b', '2', 60_000);
  store.set('c', '3', 60_000);
  assert.is(store.get('a'), undefined);
  assert.is(store.get('c'), '3');
});

memory('one descriptor is one store: applications given the same memoryStore() share it', () => {
  const shared = memoryStore();
  assert.is(applicationStore(shared), applicationStore(shared));
  assert.is.not(applicationStore(memoryStore()), applicationStore(shared));
});

memory('a store of your own must have every method', () => {
  assert.throws(() => applicationStore({ hit: () => [] } as never), /takes memoryStore\(\), redisStore\(client\) or an object with hit, add, get, set and delete/);
});

let ran = 0;
@Controller('/limited')
class LimitedController {
  @Get()
  @RateLimit({ limit: 1, window: 60_000 })
  list() {
    ran++;
    return [];
  }
}
const get = () => new Request('http://localhost/api/limited', { headers: { 'x-forwarded-for': '10.0.0.1' } });

memory("rate limits count in the application's store, and rateLimit.store still wins", async () => {
  const shared = memoryStore();
  const one = createApplication({ controllers: [LimitedController], store: shared });
  const two = createApplication({ controllers: [LimitedController], store: shared });
  assert.is((await one.handle(get())).status, 200);
  assert.is((await two.handle(get())).status, 429, 'the second application counts in the same store');
  const own = createApplication({ controllers: [LimitedController], store: shared, rateLimit: { store: memoryStore() } });
  assert.is((await own.handle(get())).status, 200, 'rateLimit.store is used instead');
  const apart = createApplication({ controllers: [LimitedController] });
  assert.is((await apart.handle(get())).status, 200, 'without a store, each application counts on its own');
});

memory.run();

const redis = suite('redisStore: values');
let server: RunningRedis | undefined;
const clients: { disconnect?(): unknown; destroy?(): unknown }[] = [];

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

redis('ioredis: add, get, set, delete, expiry and one winner of concurrent adds', async () => {
  const client = new Redis(server!.url);
  clients.push(client);
  await valuesBehave(applicationStore(redisStore(client)), 'io:');
  assert.is(await client.get('nac:io:a'), 'again', 'values are written under nac: by default');
});

redis('node-redis: the same, under its own prefix', async () => {
  const client = createClient({ url: server!.url });
  clients.push(client);
  await client.connect();
  await valuesBehave(applicationStore(redisStore(client, { prefix: 'mine:' })), 'node:');
  assert.is(await client.get('mine:node:a'), 'again');
});

redis('two applications sharing one Redis share rate-limit counts through the application store', async () => {
  const one = new Redis(server!.url);
  const two = new Redis(server!.url);
  clients.push(one, two);
  const first = createApplication({ controllers: [LimitedController], store: redisStore(one) });
  const second = createApplication({ controllers: [LimitedController], store: redisStore(two) });
  const request = () => new Request('http://localhost/api/limited', { headers: { 'x-forwarded-for': '10.9.9.9' } });
  assert.is((await first.handle(request())).status, 200);
  assert.is((await second.handle(request())).status, 429);
});

redis('Redis not answering within the timeout rejects', async () => {
  const client = { call: () => new Promise(() => {}) };
  const store = applicationStore(redisStore(client, { timeout: 30 }));
  const failure = await Promise.resolve(store.get('x')).then(() => 'answered', (error: Error) => error.message);
  assert.is(failure, 'Redis did not answer within 30 ms');
});

redis.run();
