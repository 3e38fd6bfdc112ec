import v8 from 'node:v8';
import vm from 'node:vm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lazy } from '../../runtime/core/lazy';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

test('loads once: concurrent loads share one promise, and the value is then held', async () => {
  let calls = 0;
  const loaded = lazy(async () => ++calls);
  const [a, b] = await Promise.all([loaded.load(), loaded.load()]);
  assert.equal([a, b, calls, loaded.value], [1, 1, 1, 1]);
  assert.is(await loaded.load(), 1);
  assert.is(calls, 1);
});

test('a failed load is forgotten: the next load tries again', async () => {
  let calls = 0;
  const loaded = lazy(async () => {
    calls += 1;
    if (calls === 1) throw new Error('chunk failed');
    return 'ok';
  });
  const failure = await loaded.load().then(() => undefined, (error: Error) => error.message);
  assert.is(failure, 'chunk failed');
  assert.is(loaded.value, undefined);
  assert.is(await loaded.load(), 'ok');
  assert.is(calls, 2);
});

// createApplication's dispatcher loader closes over the application's settings (every route with its controller).
test('once loaded, what the loader closed over is no longer held through it', async () => {
  const loaderOver = (captured: object) => async () => Object.keys(captured).length;
  let captured: object | undefined = { routes: new Array(1000).fill({}) };
  const weak = new WeakRef(captured);
  const loaded = lazy(loaderOver(captured));
  captured = undefined;
  assert.is(await loaded.load(), 1);
  // A WeakRef keeps its target until the job that made or read it is over.
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  assert.is(weak.deref(), undefined);
  assert.is(loaded.value, 1);
});

test.run();
