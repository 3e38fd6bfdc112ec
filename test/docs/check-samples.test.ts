// docs/scripts/check-samples.mjs: the docs' samples compile against the built library, and the pages hold no inline
// code and no dead <include>. Each failure it exists for is produced on a copy of the docs' sources.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { remarkSampleLinks } from '../../docs/lib/remark-sample-links.mjs';
import { copyOfDocsSources, runScript } from './helpers';

const SCRIPT = 'docs/scripts/check-samples.mjs';
const SAMPLE = join('samples', 'index', 'posts.ts');
const PAGE = join('content', 'docs', 'index.mdx');

test('the docs samples and pages pass the check', () => {
  const run = runScript(SCRIPT);
  assert.is(run.code, 0, run.output);
  assert.match(run.output, /ok {3}tsc -p docs\/samples\/tsconfig\.json/);
});

test('a sample that no longer compiles fails the check, naming the file and the line', () => {
  const copy = copyOfDocsSources();
  try {
    const sample = join(copy.dir, SAMPLE);
    writeFileSync(sample, readFileSync(sample, 'utf8').replace("@Get('/:id')", "@Get(404)"));
    const run = runScript(SCRIPT, [copy.dir]);
    assert.is(run.code, 1, run.output);
    assert.match(run.output, /The docs samples check failed/);
    assert.match(run.output, /samples\/index\/posts\.ts\(\d+,\d+\): error TS2345/);
  } finally {
    copy.remove();
  }
});

test('an inline ts fence in a page fails the check, naming the page and the line', () => {
  const copy = copyOfDocsSources();
  try {
    appendFileSync(join(copy.dir, PAGE), '\n```ts\nconst inline = 1;\n```\n');
    const run = runScript(SCRIPT, [copy.dir, '--pages-only']);
    assert.is(run.code, 1, run.output);
    assert.match(run.output, /content\/docs\/index\.mdx:\d+: an inline ```ts fence/);
  } finally {
    copy.remove();
  }
});

test('an include without the link to its file on the next line (the page read raw shows no code) fails the check', () => {
  const copy = copyOfDocsSources();
  try {
    const page = join(copy.dir, PAGE);
    const link = '[docs/samples/index/posts.ts](../../samples/index/posts.ts)';
    const text = readFileSync(page, 'utf8');
    assert.ok(text.includes(`\n${link}\n`), 'the page links its sample');
    writeFileSync(page, text.replace(`\n${link}\n`, '\n'));
    const run = runScript(SCRIPT, [copy.dir, '--pages-only']);
    assert.is(run.code, 1, run.output);
    assert.match(run.output, `<include> of ../../samples/index/posts.ts#`);
    assert.match(run.output, `the next line must link the file, for the page read raw: ${link}`);
  } finally {
    copy.remove();
  }
});

test('the site drops the paragraph that links a sample (it shows the code), and keeps other links', () => {
  const paragraph = (text: string, url: string) => ({ type: 'paragraph', children: [{ type: 'link', url, children: [{ type: 'text', value: text }] }] });
  const tree = {
    type: 'root',
    children: [
      { type: 'code', value: 'export {};' },
      paragraph('docs/samples/index/posts.ts', '../../samples/index/posts.ts'),
      { type: 'mdxJsxFlowElement', name: 'Tab', children: [paragraph('docs/samples/a.ts', '../samples/a.ts'), paragraph('Errors', '/docs/guides/errors')] },
    ],
  };
  remarkSampleLinks()(tree);
  assert.equal(tree.children.map((node) => node.type), ['code', 'mdxJsxFlowElement']);
  assert.equal((tree.children[1] as { children: unknown[] }).children, [paragraph('Errors', '/docs/guides/errors')]);
});

test('an include of a missing file, or of a region the file does not mark, fails the check', () => {
  const copy = copyOfDocsSources();
  try {
    appendFileSync(
      join(copy.dir, PAGE),
      '\n<include lang="ts">../../samples/index/gone.ts</include>\n\n<include lang="ts">../../samples/index/posts.ts#nowhere</include>\n',
    );
    const run = runScript(SCRIPT, [copy.dir, '--pages-only']);
    assert.is(run.code, 1, run.output);
    assert.match(run.output, /<include> of \.\.\/\.\.\/samples\/index\/gone\.ts: no such file/);
    assert.match(run.output, /<include> of \.\.\/\.\.\/samples\/index\/posts\.ts#nowhere: .*has no `\/\/ #region nowhere`/);
  } finally {
    copy.remove();
  }
});

test("a frontmatter that is not YAML, or has no description, fails the check, naming the page", () => {
  const copy = copyOfDocsSources();
  try {
    const page = join(copy.dir, PAGE);
    writeFileSync(page, readFileSync(page, 'utf8').replace(/^description: .*$/m, 'description: Colons: they need quotes'));
    writeFileSync(join(copy.dir, 'content', 'docs', 'untitled.mdx'), '---\ntitle: Untitled\n---\n\nText.\n');
    const run = runScript(SCRIPT, [copy.dir, '--pages-only']);
    assert.is(run.code, 1, run.output);
    assert.match(run.output, /content\/docs\/index\.mdx: the frontmatter is not valid YAML \(quote a value that holds ': '\)/);
    assert.match(run.output, 'content/docs/untitled.mdx: the frontmatter has no description');
  } finally {
    copy.remove();
  }
});

test.run();
