// docs/scripts/reference.mjs: the reference pages come from the TSDoc of the public exports, and the generation (so
// `npm run docs:build`) fails on an export without a doc comment and on a {@link} that resolves to nothing.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FIXTURES, runScript, tempInRepo } from './helpers';

const SCRIPT = 'docs/scripts/reference.mjs';
const FIXTURE = join(FIXTURES, 'reference');

function generate(entry: string, out: string) {
  return runScript(SCRIPT, ['--entry', join(FIXTURE, entry), '--tsconfig', join(FIXTURE, 'tsconfig.json'), '--out', out]);
}

test('documented exports become a page with each signature, its comment, and {@link}s as links to their sections', () => {
  const temp = tempInRepo('reference-');
  try {
    const run = generate('documented.ts', temp.dir);
    assert.is(run.code, 0, run.output);
    const page = readFileSync(join(temp.dir, 'more.mdx'), 'utf8');
    assert.match(page, '## greet');
    assert.match(page, '```ts\nfunction greet(name: string, options?: GreetOptions): string;\n```');
    assert.match(page, 'Greets `name`, as [`GreetOptions.loud`](/docs/reference/more#greetoptions) says.');
    assert.match(page, '| `name` | Who to greet. |');
    assert.match(page, '| `loud?` | `boolean` | Shout the greeting. |');
    const index = readFileSync(join(temp.dir, 'index.mdx'), 'utf8');
    assert.match(index, '| [`greet`](/docs/reference/more#greet) | function |');
    assert.equal(JSON.parse(readFileSync(join(temp.dir, 'meta.json'), 'utf8')).pages, ['more']);
  } finally {
    temp.remove();
  }
});

test('an export without a doc comment fails the generation, naming the export, and writes nothing', () => {
  const temp = tempInRepo('reference-');
  rmSync(temp.dir, { recursive: true });
  try {
    const run = generate('undocumented.ts', temp.dir);
    assert.is(run.code, 1, run.output);
    assert.match(run.output, /undocumentedHelper \(CallSignature\), defined in .*undocumented\.ts, does not have any documentation/);
    assert.match(run.output, /every public export needs a doc comment/);
    assert.not.ok(existsSync(temp.dir), 'no pages written');
  } finally {
    temp.remove();
  }
});

test('a {@link} to a name that does not exist fails the generation, naming the link and where it is', () => {
  const temp = tempInRepo('reference-');
  try {
    const run = generate('broken-link.ts', temp.dir);
    assert.is(run.code, 1, run.output);
    assert.match(run.output, 'Failed to resolve link to "NoSuchExport" in comment for linksNowhere');
  } finally {
    temp.remove();
  }
});

test("the library's own exports are all documented: the real reference generates", () => {
  const temp = tempInRepo('reference-');
  try {
    const run = runScript(SCRIPT, ['--out', temp.dir]);
    assert.is(run.code, 0, run.output);
    const errors = readFileSync(join(temp.dir, 'errors.mdx'), 'utf8');
    assert.match(errors, '```ts\nclass BadRequestError extends HttpError {\n  constructor(message?: string, options?: HttpErrorOptions);\n}\n```');
    const index = readFileSync(join(temp.dir, 'index.mdx'), 'utf8');
    assert.match(index, '## The proxy entry');
    assert.match(index, '[`rejectMalformedPath`](/docs/reference/errors#rejectmalformedpath)');
  } finally {
    temp.remove();
  }
});

test.run();
