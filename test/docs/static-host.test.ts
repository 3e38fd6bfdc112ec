// docs/out/ served by a plain static server, Python's `http.server` (issue 44): with `/docs/getting-started.html`
// beside a `docs/getting-started/` folder it listed the folder. The site is exported with trailing-slash pages
// (docs/getting-started/index.html), which every static host serves. `npm run test:docs` builds docs/out/ first.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { freePort } from '../support/free-port';
import { DOCS } from './helpers';

const OUT = join(DOCS, 'out');
const host = suite('docs/out/ under python3 -m http.server', { base: '', server: undefined as ChildProcess | undefined });

host.before(async (context) => {
  assert.ok(existsSync(join(OUT, 'docs', 'index.html')), 'docs/out/docs/index.html is missing: npm run test:docs builds the site first');
  assert.is(spawnSync('python3', ['--version']).status, 0, 'python3 is needed for this test (Debian: apt-get install python3)');
  const port = await freePort();
  context.server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', OUT], { stdio: 'ignore' });
  context.base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const up = await fetch(`${context.base}/`).then(() => true, () => false);
    if (up) break;
    if (attempt > 100) throw new Error('python3 -m http.server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

host.after((context) => {
  context.server?.kill();
});

for (const [path, title] of [
  ['/', 'next-app-controllers'],
  ['/docs', 'Introduction'],
  ['/docs/getting-started', 'Getting started'],
  ['/docs/guides/errors', 'Errors'],
  ['/docs/reference/application', 'Application'],
  ['/docs/example-api/posts', ''],
]) {
  host(`${path} is the page (after the server's redirect to the trailing slash), not a directory listing`, async ({ base }) => {
    const response = await fetch(`${base}${path}`);
    assert.is(response.status, 200);
    const html = await response.text();
    assert.not.match(html, 'Directory listing for');
    assert.match(html, '<h1');
    if (title) assert.match(html, new RegExp(`<h1[^>]*>${title}<`));
  });
}

host('the export has no page.html beside a page/ folder (what made static servers list folders)', () => {
  const found = spawnSync('find', [OUT, '-name', '*.html', '-not', '-name', 'index.html', '-not', '-name', '404.html'], { encoding: 'utf8' }).stdout.trim();
  assert.is(found, '', `pages written as <name>.html:\n${found}`);
});

host.run();
