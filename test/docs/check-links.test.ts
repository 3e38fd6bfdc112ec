// docs/scripts/check-links.mjs: every internal link and heading anchor of the built site resolves. Proven on a small
// site fixture (test/fixtures/docs/links, the shape of docs/out/), then run on docs/out/ itself when it is built.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DOCS, FIXTURES, runScript, tempInRepo } from './helpers';

const SCRIPT = 'docs/scripts/check-links.mjs';
const SITE = join(FIXTURES, 'links');

/** A copy of the fixture site with one link added to its Errors page. */
function siteWithLink(href: string) {
  const temp = tempInRepo('links-');
  cpSync(SITE, temp.dir, { recursive: true });
  const page = join(temp.dir, 'docs', 'guides', 'errors.html');
  writeFileSync(page, readFileSync(page, 'utf8').replace('</body>', `<p><a href="${href}">added</a></p></body>`));
  return temp;
}

test('the fixture site passes: pages, anchors on other pages and on the same page, and links it must not check', () => {
  const run = runScript(SCRIPT, [SITE]);
  assert.is(run.code, 0, run.output);
  assert.match(run.output, 'docs links: ok (8 internal links on 3 pages');
});

test('a link to a page that does not exist fails the check, naming the page it is on', () => {
  const site = siteWithLink('/docs/guides/erors');
  try {
    const run = runScript(SCRIPT, [site.dir]);
    assert.is(run.code, 1, run.output);
    assert.match(run.output, '/docs/guides/errors: a link to /docs/guides/erors: no page /docs/guides/erors in the site');
  } finally {
    site.remove();
  }
});

test('a link to a heading that does not exist fails the check, naming the anchor and the page it points at', () => {
  const site = siteWithLink('/docs#where-to-begin');
  try {
    const run = runScript(SCRIPT, [site.dir]);
    assert.is(run.code, 1, run.output);
    assert.match(run.output, '/docs/guides/errors: a link to /docs#where-to-begin: no heading or element with id "where-to-begin" on /docs');
  } finally {
    site.remove();
  }
});

test('a dead anchor on the same page fails the check too', () => {
  const site = siteWithLink('#no-such-heading');
  try {
    const run = runScript(SCRIPT, [site.dir]);
    assert.is(run.code, 1, run.output);
    assert.match(run.output, 'a link to #no-such-heading: no heading or element with id "no-such-heading" on /docs/guides/errors');
  } finally {
    site.remove();
  }
});

test('the built site (docs/out) has no dead internal link or anchor', () => {
  assert.ok(existsSync(join(DOCS, 'out', 'docs', 'index.html')), 'docs/out/ is missing: npm run test:docs builds it first (npm run docs:build)');
  const run = runScript(SCRIPT);
  assert.is(run.code, 0, run.output);
});

test.run();
