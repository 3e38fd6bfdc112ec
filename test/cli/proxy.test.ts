import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, read, run, tempProject, write } from './helpers';

const proxy = suite('init: the malformed-path proxy');
proxy.after.each(cleanup);

proxy('Next.js 16, src layout: writes src/proxy.ts exporting proxy() through rejectMalformedPath, API paths with a % only', async () => {
  const dir = tempProject('src');
  const { summary, error } = await run('init', dir);
  assert.is(error, undefined);
  const text = read(dir, 'src/proxy.ts');
  assert.match(text, "import { rejectMalformedPath } from 'next-app-controllers/proxy';");
  assert.match(text, 'export function proxy(request: Request) {\n  return rejectMalformedPath(request);\n}');
  assert.match(text, "matcher: ['/api/:path(.*%.*)']");
  assert.equal(text.match(/from '[^']+'/g), ["from 'next-app-controllers/proxy'"], 'the proxy imports neither the application nor its controllers');
  assert.ok(summary!.written.includes('src/proxy.ts'));
});

proxy('root layout: proxy.ts next to app/', async () => {
  const dir = tempProject('root');
  await run('init', dir);
  assert.ok(existsSync(join(dir, 'proxy.ts')));
  assert.not.ok(existsSync(join(dir, 'src/proxy.ts')));
});

proxy('Next.js 15: writes middleware.ts exporting middleware()', async () => {
  const dir = tempProject('src');
  write(dir, 'package.json', read(dir, 'package.json').replace('"next": "16.4.6"', '"next": "^15.3.0"'));
  await run('init', dir);
  assert.not.ok(existsSync(join(dir, 'src/proxy.ts')));
  assert.match(read(dir, 'src/middleware.ts'), 'export function middleware(request: Request) {');
});

proxy('an existing proxy or middleware file is kept, and the lines to add are printed', async () => {
  for (const file of ['src/proxy.ts', 'src/middleware.js']) {
    const dir = tempProject('src');
    write(dir, file, '// my own proxy\n');
    const { summary, error } = await run('init', dir);
    assert.is(error, undefined);
    assert.is(read(dir, file), '// my own proxy\n');
    assert.not.ok(existsSync(join(dir, 'src/proxy.ts')) && file !== 'src/proxy.ts');
    const step = summary!.manual.find((line) => line.startsWith(`${file} exists`));
    assert.ok(step, summary!.manual.join('\n'));
    assert.match(step!, 'const malformed = await rejectMalformedPath(request);');
    assert.match(step!, "config.matcher: '/api/:path(.*%.*)'");
  }
});

proxy('a proxy that already uses rejectMalformedPath is left alone, with no hint', async () => {
  const dir = tempProject('src');
  await run('init', dir);
  write(dir, 'src/proxy.ts', `${read(dir, 'src/proxy.ts')}// changed by hand\n`);
  const { summary } = await run('init', dir);
  assert.match(read(dir, 'src/proxy.ts'), '// changed by hand');
  assert.not.ok(summary!.manual.some((line) => line.includes('rejectMalformedPath')));
  assert.not.ok(summary!.skipped.includes('src/proxy.ts'));
});

proxy.run();
