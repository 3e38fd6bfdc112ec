import * as fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Get, createApplication } from '../../runtime/index';
import { rememberMessages } from '../../runtime/dispatch/shadowed-routes';
import { captureConsole } from './helpers';

const remember = suite('rememberMessages');

function tempFile(): { file: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'nac-warnings-'));
  return { file: join(dir, 'memory.json'), done: () => rmSync(dir, { recursive: true, force: true }) };
}

remember('returns every message the first time, none when the same set comes again in the same session', () => {
  const { file, done } = tempFile();
  try {
    assert.equal(rememberMessages({ fs }, file, '1 /api', ['a', 'b']), ['a', 'b']);
    assert.equal(rememberMessages({ fs }, file, '1 /api', ['a', 'b']), []);
  } finally {
    done();
  }
});

remember('returns only what is new when the set changes, and a message again once it went away and came back', () => {
  const { file, done } = tempFile();
  try {
    rememberMessages({ fs }, file, '1 /api', ['a']);
    assert.equal(rememberMessages({ fs }, file, '1 /api', ['a', 'b']), ['b']);
    assert.equal(rememberMessages({ fs }, file, '1 /api', ['b']), []);
    assert.equal(rememberMessages({ fs }, file, '1 /api', ['a', 'b']), ['a']);
  } finally {
    done();
  }
});

remember('keeps each basePath apart, and forgets what an earlier dev session reported', () => {
  const { file, done } = tempFile();
  try {
    rememberMessages({ fs }, file, '1 /api', ['a']);
    assert.equal(rememberMessages({ fs }, file, '1 /admin', ['a']), ['a']);
    assert.equal(rememberMessages({ fs }, file, '2 /api', ['a']), ['a']);
    assert.equal(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as object), ['2 /api']);
  } finally {
    done();
  }
});

remember('starts afresh from a file cut short by a concurrent write', () => {
  const { file, done } = tempFile();
  try {
    fs.writeFileSync(file, '{"1 /api": ["a"');
    assert.equal(rememberMessages({ fs }, file, '1 /api', ['a']), ['a']);
  } finally {
    done();
  }
});

remember.run();

const dev = suite('the shadowed-route warning under next dev');

const PER_PROCESS = Symbol.for('next-app-controllers.shadowedRouteWarnings');

/** A fresh process of the same `next dev` session: the per-process set is empty, the session's variables are set. */
async function inFreshDevProcess(session: string, work: () => Promise<unknown>): Promise<string[]> {
  const saved = { NODE_ENV: process.env.NODE_ENV, NEXT_PRIVATE_START_TIME: process.env.NEXT_PRIVATE_START_TIME };
  (globalThis as Record<symbol, Set<string>>)[PER_PROCESS].clear();
  process.env.NODE_ENV = 'development';
  process.env.NEXT_PRIVATE_START_TIME = session;
  try {
    return (await captureConsole(work)).warn;
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

function compiled(application: ReturnType<typeof createApplication>): Promise<Response> {
  return application.handle(new Request('http://localhost/'));
}

// Regression: next dev evaluates the route module in its server process and in a fresh worker process per path it
// looks up, so a per-process "once" printed the warning again on every save.
dev('is printed once per change of the routes across the processes of one session, and again in a new session', async () => {
  // The same class before and after a save that adds a route: next dev evaluates the module again.
  const before = (() => {
    @Controller('/dev-shadow')
    class DevShadowController {
      @Get('/:id') one() {}
      @Get('/search') search() {}
    }
    return DevShadowController;
  })();
  const after = (() => {
    @Controller('/dev-shadow')
    class DevShadowController {
      @Get('/:id') one() {}
      @Get('/search') search() {}
      @Get('/:slug') slug() {}
    }
    return DevShadowController;
  })();
  const session = `${process.pid}${Date.now()}`;
  const app = () => compiled(createApplication({ controllers: [before], basePath: '/dev-warnings' }));
  assert.is((await inFreshDevProcess(session, app)).length, 1);
  assert.equal(await inFreshDevProcess(session, app), []);
  assert.equal(await inFreshDevProcess(session, app), []);

  const changed = await inFreshDevProcess(session, () => compiled(createApplication({ controllers: [after], basePath: '/dev-warnings' })));
  assert.equal(changed, [
    'next-app-controllers: GET /dev-warnings/dev-shadow/:slug (DevShadowController.slug) can never match: GET /dev-warnings/dev-shadow/:id ' +
      '(DevShadowController.one) is declared earlier and matches every request it would. Declare the more specific route first.',
  ]);
  assert.is((await inFreshDevProcess(`${session}1`, app)).length, 1);
});

dev('outside next dev, a fresh process warns again (the per-process set alone)', async () => {
  @Controller('/prod-shadow')
  class ProdShadowController {
    @Get('/:id') one() {}
    @Get('/search') search() {}
  }
  const app = () => compiled(createApplication({ controllers: [ProdShadowController], basePath: '/prod-warnings' }));
  (globalThis as Record<symbol, Set<string>>)[PER_PROCESS].clear();
  assert.is((await captureConsole(app)).warn.length, 1);
  (globalThis as Record<symbol, Set<string>>)[PER_PROCESS].clear();
  assert.is((await captureConsole(app)).warn.length, 1);
});

dev.run();
