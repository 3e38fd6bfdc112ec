import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from './helpers';

const readme = suite('README examples');

readme('before the first release, the README says how to install from a tarball or a checkout, and the CLI page gives the exit codes', () => {
  const text = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  assert.match(text, '**Before the first release** the package is not on the npm registry');
  assert.match(text, 'npm install ../next-app-controllers/next-app-controllers-0.1.0.tgz');
  assert.match(text, 'npx --yes --package=../next-app-controllers/next-app-controllers-0.1.0.tgz next-app-controllers new shop');
  const cli = readFileSync(join(REPO_ROOT, 'docs/content/docs/guides/cli.mdx'), 'utf8');
  assert.match(cli, '**Exit codes:** `0` done');
  assert.match(cli, '`generate resource <name> [--schema zod\\|valibot\\|arktype\\|class-validator] [--force] [--skip-install]`');
});

/** The guides of the docs site, in the sidebar's order (a new guide is in the sidebar's meta.json, so here too). */
const GUIDES: string[] = JSON.parse(readFileSync(join(REPO_ROOT, 'docs/content/docs/guides/meta.json'), 'utf8')).pages;

/** Every page of the docs site that is a file in the repository (the reference and the example's API are generated). */
const DOCS_PAGES = ['index', 'getting-started', ...GUIDES.map((guide) => `guides/${guide}`), 'testing', 'migrating', 'contributing']
  .map((page) => `docs/content/docs/${page}.mdx`);

readme('the README is at most 250 lines and links every page of the docs site by its path in the repository', () => {
  const text = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  assert.ok(lines <= 250, `README.md has ${lines} lines; at most 250`);
  const linked = new Set([...text.matchAll(/\]\((docs\/content\/docs\/[^)#\s]+\.mdx)(?:#[^)\s]*)?\)/g)].map((match) => match[1]));
  for (const page of DOCS_PAGES) {
    assert.ok(linked.has(page), `README.md does not link ${page}`);
    assert.ok(existsSync(join(REPO_ROOT, page)), `${page} is linked from README.md but does not exist`);
  }
});

readme.run();
