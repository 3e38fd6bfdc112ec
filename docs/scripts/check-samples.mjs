#!/usr/bin/env node
// The samples of the docs cannot rot (issue 32). `node docs/scripts/check-samples.mjs [docsDir]`, run by `npm test`:
//
// 1. tsc -p on every tsconfig.json under <docsDir>/samples/ against the BUILT library (`next-app-controllers` as
//    node_modules resolves it: dist/ and its declarations). samples/tsconfig.json covers every .ts/.tsx not inside a
//    folder having its own tsconfig.json (this script excludes those folders).
// 2. The pages under <docsDir>/content/docs/ (the generated reference/ and example-api/ aside): a frontmatter that
//    parses, with a title and a description; no inline
//    ts/tsx/js/jsx fence (a sample is a file under samples/ that a page includes), and every <include> target exists,
//    with its `#region` when one is named, and a TypeScript or JavaScript one lies under samples/; the next line links
//    an included sample (`[docs/samples/….ts](../../samples/….ts)`), for the page read raw (docs/lib/remark-sample-links.mjs
//    drops it from the site).
//
// Exits 1 listing every problem with the file it is in. docsDir defaults to docs/; a test passes a temporary copy
// (and `--pages-only` to skip tsc).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

const DOCS = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const pagesOnly = args.includes('--pages-only');
const docsDir = resolve(args.find((arg) => !arg.startsWith('--')) ?? DOCS);
const samplesDir = join(docsDir, 'samples');
const contentDir = join(docsDir, 'content', 'docs');
/** Generated at build time from the sources, not written by hand: their signatures are code by nature. */
const GENERATED = ['reference', 'example-api'];
/** Fences that must be files under samples/ instead. */
export const CODE_FENCE_LANGS = ['ts', 'tsx', 'js', 'jsx', 'typescript', 'javascript', 'mts', 'cts', 'mjs', 'cjs'];
const CODE_EXTENSIONS = /\.(?:[cm]?[jt]sx?)$/;

const shown = (file) => relative(process.cwd(), file) || file;
const problems = [];

function walk(dir, accept, skip = () => false) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !skip(path)) found.push(...walk(path, accept, skip));
    } else if (accept(path)) found.push(path);
  }
  return found;
}

// ---- 1. tsc -p on every project of samples/
function typecheck() {
  const tsc = createRequire(join(DOCS, 'package.json')).resolve('typescript/bin/tsc');
  const configs = walk(samplesDir, (path) => path.endsWith(`${sep}tsconfig.json`));
  const root = join(samplesDir, 'tsconfig.json');
  if (existsSync(samplesDir) && !configs.includes(root)) problems.push(`${shown(root)} is missing: it type-checks every sample outside the folders having their own tsconfig.json`);
  const ownProjects = configs.filter((config) => config !== root).map(dirname);
  // Beside the root config, so that `types: ["node"]` and packages resolve from the same folders (removed after).
  const derived = join(samplesDir, `.tsconfig.check-${process.pid}.json`);
  try {
    for (const config of configs) {
      let project = config;
      if (config === root) {
        // The root project minus the folders that are projects of their own.
        project = derived;
        const rootFiles = walk(samplesDir, (path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts'), (dir) => ownProjects.includes(dir));
        if (rootFiles.length === 0) continue;
        writeFileSync(project, JSON.stringify({ extends: './tsconfig.json', include: ['**/*.ts', '**/*.tsx'], exclude: ownProjects }));
      }
      const result = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty', 'false'], { cwd: dirname(config), encoding: 'utf8' });
      if (result.status !== 0) {
        const output = `${result.stdout}${result.stderr}`.trim().replace(/^(?!\s)(.+?\(\d+,\d+\))/gm, (location) => shown(resolve(dirname(config), location)));
        problems.push(`tsc -p ${shown(config)} failed:\n${output.replace(/^/gm, '  ')}`);
      } else {
        console.log(`  ok   tsc -p ${shown(config)}`);
      }
    }
  } finally {
    rmSync(derived, { force: true });
  }
  if (configs.length === 0) console.log(`  (no tsconfig.json under ${shown(samplesDir)})`);
}

// ---- 2. the pages: no inline code fences, every include resolves
/** `// #region name` … `// #endregion name` (or a bare `// #endregion`), as fumadocs-mdx's <include> extracts it. */
export function hasRegion(text, name) {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.match(/^\s*\/\/\s*#region\b\s*(.*?)\s*$/)?.[1] === name);
  if (start === -1) return false;
  return lines.slice(start + 1).some((line) => {
    const end = line.match(/^\s*\/\/\s*#endregion\b\s*(.*?)\s*$/);
    return end !== null && (end[1] === name || end[1] === '');
  });
}

/** The frontmatter parses as YAML and has the `title` and `description` every page needs (the plan's convention). */
function checkFrontmatter(page, text) {
  const match = text.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n/);
  if (!match) {
    problems.push(`${shown(page)}: no frontmatter: a page starts with ---, title: and description:, ---`);
    return;
  }
  let data;
  try {
    data = parseYaml(match[1]);
  } catch (error) {
    problems.push(`${shown(page)}: the frontmatter is not valid YAML (quote a value that holds ': '): ${error.message.split('\n')[0]}`);
    return;
  }
  for (const key of ['title', 'description']) {
    if (typeof data?.[key] !== 'string' || data[key].trim() === '') problems.push(`${shown(page)}: the frontmatter has no ${key}`);
  }
}

/** The link under an include: `[docs/samples/….ts](../../samples/….ts)` (its text from the docs folder, its target from the page). */
export function sampleLink(page, target) {
  return `[docs/${relative(docsDir, target).split(sep).join('/')}](${relative(dirname(page), target).split(sep).join('/')})`;
}

function checkPage(page) {
  const text = readFileSync(page, 'utf8');
  checkFrontmatter(page, text);
  const lines = text.split('\n');
  let fence = null;
  lines.forEach((line, index) => {
    const match = line.match(/^\s*(`{3,}|~{3,})\s*([\w-]*)/);
    if (!match) return;
    if (fence === null) {
      fence = match[1];
      const lang = match[2].toLowerCase();
      if (CODE_FENCE_LANGS.includes(lang)) {
        problems.push(`${shown(page)}:${index + 1}: an inline \`\`\`${match[2]} fence: put the sample in a file under docs/samples/ and <include> it`);
      }
    } else if (line.trim().startsWith(fence[0].repeat(fence.length)) && line.trim().replace(/[`~]/g, '') === '') {
      fence = null;
    }
  });

  for (const include of text.matchAll(/<include\b([^>]*)>([\s\S]*?)<\/include>/g)) {
    const line = text.slice(0, include.index).split('\n').length;
    const where = `${shown(page)}:${line}`;
    const specifier = include[2].trim();
    const hash = specifier.lastIndexOf('#');
    const file = hash === -1 ? specifier : specifier.slice(0, hash);
    const region = hash === -1 ? undefined : specifier.slice(hash + 1).trim();
    // fumadocs-mdx resolves the path relative to the page, or to the docs folder with a `cwd` attribute.
    const target = resolve(/\bcwd\b/.test(include[1]) ? docsDir : dirname(page), file);
    if (!existsSync(target) || !statSync(target).isFile()) {
      problems.push(`${where}: <include> of ${file}: no such file (${shown(target)})`);
      continue;
    }
    if (CODE_EXTENSIONS.test(target) && relative(samplesDir, target).startsWith('..')) {
      problems.push(`${where}: <include> of ${file}: a TypeScript or JavaScript sample must be a file under docs/samples/ (which tsc checks)`);
    }
    if (region !== undefined && CODE_EXTENSIONS.test(target) && !hasRegion(readFileSync(target, 'utf8'), region)) {
      problems.push(`${where}: <include> of ${specifier}: ${shown(target)} has no \`// #region ${region}\` … \`// #endregion ${region}\``);
    }
    // Read raw (GitHub's file view), the include of a sample shows no code: the next line links its file (the site
    // drops it). Other files (ARCHITECTURE.md) are named by the page's own text.
    const link = sampleLink(page, target);
    const next = text.slice(include.index + include[0].length).split('\n').slice(1).find((following) => following.trim() !== '');
    if (!relative(samplesDir, target).startsWith('..') && next?.trim() !== link) {
      problems.push(`${where}: <include> of ${specifier}: the next line must link the file, for the page read raw: ${link}`);
    }
  }
}

const started = performance.now();
if (!pagesOnly) typecheck();
const pages = walk(contentDir, (path) => /\.mdx?$/.test(path), (dir) => GENERATED.includes(relative(contentDir, dir)));
pages.forEach(checkPage);
console.log(`  ${pages.length} pages checked for inline code fences and <include> targets`);
if (problems.length > 0) {
  console.error(`\nThe docs samples check failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n\n${problems.join('\n\n')}`);
  process.exit(1);
}
console.log(`docs samples: ok (${((performance.now() - started) / 1000).toFixed(1)} s)`);
