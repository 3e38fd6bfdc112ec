#!/usr/bin/env node
// Every internal link and heading anchor of the built site resolves (issue 32): `node docs/scripts/check-links.mjs
// [outDir]`, run by `npm test` on docs/out/ after `npm run docs:build`.
//
// Reads the static HTML (what a reader's browser gets): every `href` of every page that points into the site (an
// absolute path such as /docs/guides/errors, or a `#fragment` of the same page) must name a page of the export
// (out/<path>.html, out/<path>/index.html or a file), and its `#fragment` an element `id` of that page. Exits 1 listing
// each dead link with the page it is on. outDir defaults to docs/out/; a test passes a small fixture.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const DOCS = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(process.argv[2] ?? join(DOCS, 'out'));

/** Next's build output and its not-found pages: not pages a reader navigates. */
const SKIPPED = /^(?:_next|_not-found|404)(?:[./]|$)/;

function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (SKIPPED.test(relative(outDir, path).split(sep).join('/'))) return [];
    if (entry.isDirectory()) return htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeEntities = (text) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name) => {
    if (name[0] === '#') return String.fromCodePoint(name[1].toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** The HTML without its scripts (the RSC payload repeats every link as JSON) and comments. */
const markup = (html) => html.replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<!--[\s\S]*?-->/g, '');

/** The site path a page file answers: out/docs/guides/errors.html → /docs/guides/errors, out/index.html → /. */
function routeOf(file) {
  const path = `/${relative(outDir, file).split(sep).join('/')}`.replace(/\.html$/, '').replace(/(^|\/)index$/, '');
  return path === '' ? '/' : path;
}

/** The file a site path is served from, as static hosts resolve it, or undefined. */
function fileOf(path) {
  const clean = path.replace(/\/+$/, '') || '/';
  const candidates = clean === '/' ? ['index.html'] : [`${clean}.html`, `${clean}/index.html`, clean];
  return candidates.map((candidate) => join(outDir, candidate)).find((file) => existsSync(file) && statSync(file).isFile());
}

const idsCache = new Map();
function idsOf(file) {
  if (!idsCache.has(file)) {
    const ids = new Set();
    for (const match of markup(readFileSync(file, 'utf8')).matchAll(/\s(?:id|name)="([^"]*)"/g)) ids.add(decodeEntities(match[1]));
    idsCache.set(file, ids);
  }
  return idsCache.get(file);
}

export function checkSite() {
  if (!existsSync(outDir)) return { pages: 0, links: 0, problems: [`${outDir} does not exist: run npm run docs:build first`] };
  const pages = htmlFiles(outDir);
  const problems = [];
  let links = 0;
  for (const page of pages) {
    const route = routeOf(page);
    const seen = new Set();
    for (const match of markup(readFileSync(page, 'utf8')).matchAll(/\shref="([^"]*)"/g)) {
      const href = decodeEntities(match[1]);
      if (seen.has(href)) continue;
      seen.add(href);
      // Outside the site (another origin, mailto:, protocol-relative) or Next's assets: not ours to check here.
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('/_next/')) continue;
      if (!href.startsWith('/') && !href.startsWith('#')) {
        problems.push(`${route}: a relative link (${href}): link to an absolute site path, e.g. /docs/guides/errors`);
        continue;
      }
      links += 1;
      const [pathAndQuery, fragment] = href.split('#', 2);
      const path = pathAndQuery.split('?')[0] || route;
      const target = fileOf(path);
      if (!target) {
        problems.push(`${route}: a link to ${href}: no page ${path} in the site`);
        continue;
      }
      if (fragment) {
        const id = decodeURIComponent(fragment);
        if (!target.endsWith('.html') || !idsOf(target).has(id)) problems.push(`${route}: a link to ${href}: no heading or element with id "${id}" on ${path}`);
      }
    }
  }
  return { pages: pages.length, links, problems };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { pages, links, problems } = checkSite();
  if (problems.length > 0) {
    console.error(`The docs link check failed: ${problems.length} dead link(s) in ${relative(process.cwd(), outDir) || outDir}:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`docs links: ok (${links} internal links on ${pages} pages, every page and anchor found)`);
}
