// Issue 53: controller routes as Server Actions (next-app-controllers/actions) in a user's app installed from the packed
// tarball (test/fixtures/actions-app): its actions.ts written by the installed CLI (`generate actions tasks`), `tsc`
// refusing a wrong field in an object call, then `next build` with Turbopack and webpack + `next start`, driven in
// Chromium with JavaScript off (the form works before hydration: field errors in the server's HTML, the handler's
// redirect followed) and on (object calls: the HTTP route's 422 field paths, 401 without a session with the handler
// not run, 429 past the rate limit, a file through a form). On Next.js 16 and 15.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CHROMIUM } from './browser-cases';
import { buildExample, ROOT, send, startExample, timed, type Bundler, type RunningServer } from './harness';
import { cleanEnv, installedVersion, installIsolatedApp, NEXT_15, removeIsolatedApp, runInstalledCli } from './isolated-app';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'actions-app');
const BUNDLERS: Bundler[] = ['turbopack', 'webpack'];
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
for (const next of [installedVersion('next'), NEXT_15]) {
  let dir: string | undefined;
  let installError: unknown;

  const setup = suite(`actions app: install, generate actions, tsc (Next.js ${next})`);

  setup('the installed CLI writes actions.ts, one action per route that writes, and tsc refuses a wrong field in an object call', async () => {
    try {
      dir = await timed('install actions app', () => installIsolatedApp({ next, fixture: FIXTURE, minimal: true }));
    } catch (error) {
      installError = error;
      throw error;
    }
    runInstalledCli(dir, ['generate', 'actions', 'tasks']);
    const actions = readFileSync(join(dir, 'src/features/tasks/actions.ts'), 'utf8');
    for (const name of ['create', 'add', 'mine', 'limited', 'attach']) assert.ok(actions.includes(`export const ${name} = action(app, TasksController, '${name}');`), name);
    assert.ok(actions.startsWith("'use server';\n"));
    const tsc = () => spawnSync(process.execPath, [join(dir!, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'], { cwd: dir, env: cleanEnv(), encoding: 'utf8' });
    const probe = join(dir, 'src/probe.ts');
    writeFileSync(probe, "import { add } from '@/features/tasks/actions';\n\nexport const wrong = () => add({ title: 'abc', priority: 1 });\n");
    const refused = tsc();
    rmSync(probe);
    assert.is(refused.status, 2, refused.stdout);
    assert.match(refused.stdout, 'src/probe.ts(3,');
    assert.match(refused.stdout, "'priority' does not exist in type 'CreateTaskDto'");
    const clean = tsc();
    assert.is(clean.status, 0, clean.stdout + clean.stderr);
  });
  setup.run();

  BUNDLERS.forEach((bundler, index) => {
    const test = suite(`actions app: Next.js ${next}, next build (${bundler}) + next start, in Chromium`);
    let server: RunningServer | undefined;
    let browser: Browser | undefined;
    let setupError: unknown;

    test.before(async () => {
      try {
        if (!dir) throw installError ?? new Error('the actions app was not installed');
        await timed(`next build, actions app (${bundler})`, () => buildExample(bundler, dir));
        server = await startExample(30_000, dir, '/api/tasks');
        browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 30_000 });
      } catch (error) {
        setupError = error;
      }
    });
    test.after(async () => {
      await browser?.close();
      await server?.stop();
      if (index === BUNDLERS.length - 1 && dir) removeIsolatedApp(dir);
    });
    const running = () => {
      if (setupError || !server || !browser) throw setupError ?? new Error('the actions app did not start');
      return { server, browser };
    };
    const open = async (javaScriptEnabled: boolean): Promise<Page> => {
      const { server, browser } = running();
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await page.goto(`${server.base}/tasks`, { waitUntil: 'load' });
      return page;
    };

    test('JavaScript off: an invalid submit renders the field errors in the server HTML; a valid one follows the handler redirect()', async () => {
      const page = await open(false);
      await page.fill('#create input[name=title]', 'ab');
      await page.fill('#create input[name="details.note"]', 'x');
      await page.click('#create button[type=submit]');
      // No script runs: the answer to the form's POST is a new document, rendered on the server.
      await page.locator('#title-error').waitFor();
      const html = await page.content();
      assert.match(html, /<p id="title-error">title must be longer than or equal to 3 characters<\/p>/);
      assert.match(html, /<p id="note-error">note must be longer than or equal to 2 characters<\/p>/);
      assert.match(html, /<p id="create-status">422<\/p>/);
      await page.fill('#create input[name=title]', `Without JavaScript ${bundler}`);
      await page.fill('#create input[name="details.note"]', 'plain HTML');
      await Promise.all([page.waitForURL(/\/tasks\?created=\d+$/), page.click('#create button[type=submit]')]);
      assert.ok((await page.locator('#tasks li').allTextContents()).includes(`Without JavaScript ${bundler}`));
      await page.context().close();
    });

    test("JavaScript on: an object call's 422 has the HTTP route's field paths; a valid form submit follows the redirect", async () => {
      const { server } = running();
      const page = await open(true);
      await page.waitForFunction(() => document.querySelector('#call-invalid') !== null);
      await page.click('#call-invalid');
      const out = JSON.parse((await page.locator('#out').filter({ hasText: 'ok' }).textContent())!);
      const http = await send(server.port, 'POST', '/api/tasks/json', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'x', details: { note: '' } }) });
      assert.is(http.status, 422);
      const fields = [...new Set(http.json().errors.map((error: { field: string }) => error.field))].sort();
      assert.is(out.ok, false);
      assert.is(out.status, 422);
      assert.equal(Object.keys(out.fieldErrors).sort(), fields);
      assert.equal(fields, ['details.note', 'title']);
      await page.click('#call-add');
      await page.locator('#out', { hasText: 'From an object' }).waitFor();
      const added = JSON.parse((await page.locator('#out').textContent())!);
      assert.is(added.ok, true);
      assert.is(added.data.title, 'From an object');
      assert.match(added.data.createdAt, /^\d{4}-\d{2}-\d{2}T/);
      await page.fill('#create input[name=title]', `With JavaScript ${bundler}`);
      await page.fill('#create input[name="details.note"]', 'hydrated');
      await Promise.all([page.waitForURL(/\/tasks\?created=\d+$/), page.click('#create button[type=submit]')]);
      await page.locator('#tasks li', { hasText: `With JavaScript ${bundler}` }).waitFor();
      await page.context().close();
    });

    test('without a session: a 401 result and the handler does not run; past the rate limit: a 429 result', async () => {
      const { server } = running();
      const page = await open(true);
      await page.click('#call-mine');
      await page.locator('#out', { hasText: 'status' }).waitFor();
      const denied = JSON.parse((await page.locator('#out').textContent())!);
      assert.equal([denied.ok, denied.status, denied.formErrors], [false, 401, ['Authentication required']]);
      assert.is((await send(server.port, 'GET', '/api/tasks/runs')).json().mine, undefined);
      await page.context().addCookies([{ name: 'sid', value: 'alice', url: server.base }]);
      await page.click('#call-mine');
      await page.locator('#out', { hasText: 'alice' }).waitFor();
      assert.equal(JSON.parse((await page.locator('#out').textContent())!), { ok: true, data: { title: 'Mine', owner: 'alice' } });
      await page.click('#call-limited');
      await page.locator('#out', { hasText: 'Three' }).or(page.locator('#out', { hasText: '429' })).waitFor();
      const limited = JSON.parse((await page.locator('#out').textContent())!) as { ok: boolean; status?: number }[];
      assert.equal(
        limited.map((result) => (result.ok ? 200 : result.status)),
        [200, 200, 429],
      );
      await page.context().close();
    });

    test('a file through a form: read by @Form with IsFile; past the body limit a 413 result', async () => {
      const page = await open(true);
      await page.setInputFiles('#attach input[type=file]', { name: 'hello.txt', mimeType: 'text/plain', buffer: Buffer.from('hello from a form') });
      await page.click('#attach button[type=submit]');
      await page.locator('#attach-result').waitFor();
      assert.equal(JSON.parse((await page.locator('#attach-result').textContent())!), { ok: true, data: { label: 'notes', name: 'hello.txt', text: 'hello from a form' } });
      await page.setInputFiles('#attach input[type=file]', { name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(10_000, 97) });
      await page.click('#attach button[type=submit]');
      await page.locator('#attach-result', { hasText: '413' }).waitFor();
      assert.is(JSON.parse((await page.locator('#attach-result').textContent())!).status, 413);
      await page.context().close();
    });

    test.run();
  });
}
