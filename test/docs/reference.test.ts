// docs/scripts/reference.mjs: the reference pages come from the TSDoc of the public exports, and the generation (so
// `npm run docs:build`) fails on an export without a doc comment and on a {@link} that resolves to nothing.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import GithubSlugger from 'github-slugger';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FIXTURES, ROOT, runScript, tempInRepo } from './helpers';

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
    assert.match(index, '### `next-app-controllers/proxy`');
    assert.match(index, '[`rejectMalformedPath`](/docs/reference/errors#rejectmalformedpath)');
  } finally {
    temp.remove();
  }
});

/** Each entry of package.json's "exports" and the names its published .d.ts exports (types included), read by tsc. */
function publishedExports(): Map<string, string[]> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const entries = Object.entries(pkg.exports as Record<string, { import: { types: string } } | string>).filter(
    (entry): entry is [string, { import: { types: string } }] => typeof entry[1] !== 'string',
  );
  const files = entries.map(([, conditions]) => join(ROOT, conditions.import.types));
  for (const file of files) assert.ok(existsSync(file), `${file} is missing: run npm run build first`);
  const program = ts.createProgram(files, { noEmit: true, skipLibCheck: true, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler });
  const checker = program.getTypeChecker();
  return new Map(
    entries.map(([subpath], index) => {
      const symbol = checker.getSymbolAtLocation(program.getSourceFile(files[index])!);
      const names = symbol ? checker.getExportsOfModule(symbol).map((exported) => exported.name) : [];
      return [subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`, names.sort()];
    }),
  );
}

/** A page's `##` headings by the id the site gives them (github-slugger, one per page). */
function headingIds(file: string): Map<string, string> {
  const slugger = new GithubSlugger();
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  return new Map([...text.matchAll(/^## (.+)$/gm)].map(([, heading]) => [slugger.slug(heading), heading]));
}

test('the reference names every export of every entry of package.json, each under its entry and linked to its section', () => {
  const published = publishedExports();
  assert.ok(published.get('next-app-controllers/testing')?.includes('TestAuth'), 'the testing entry exports TestAuth');
  const temp = tempInRepo('reference-');
  try {
    const run = runScript(SCRIPT, ['--out', temp.dir]);
    assert.is(run.code, 0, run.output);
    const index = readFileSync(join(temp.dir, 'index.mdx'), 'utf8');
    const missing: string[] = [];
    for (const [entry, names] of published) {
      // The entry's section of the index: from its heading to the next one.
      const start = index.indexOf(`### \`${entry}\``);
      const section = start < 0 ? '' : index.slice(start, index.indexOf('\n#', start + 1) >>> 0);
      for (const name of names) {
        const link = new RegExp(`\\[\`${name}\`\\]\\(/docs/reference/([\\w-]+)#([\\w-]+)\\)`).exec(section);
        if (!link || headingIds(join(temp.dir, `${link[1]}.mdx`)).get(link[2]) !== name) missing.push(`${entry}: ${name}`);
      }
    }
    assert.equal(missing, [], `exports the reference does not name under their entry:\n${missing.join('\n')}`);
  } finally {
    temp.remove();
  }
});

test.run();
