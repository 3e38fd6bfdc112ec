/**
 * End to end of `generate client --query` on fresh projects made by the real CLI: `new --swagger` (create-next-app@latest, so
 * the versions of Next.js, React and TypeScript a user gets today), one project with npm and one with pnpm
 * (`--use-pnpm`, the repository's own pnpm on PATH). In each: `generate controller feed` replaced by a `@Paginated`
 * cursor route, `openapi`, `generate client --query` (which must install @tanstack/react-query and
 * openapi-react-query with the project's manager), a page that prefetches on the server (`prefetchQuery`) and reads in
 * the browser (`$api.useQuery`, `useInfiniteQuery` over `infiniteQueryOptions`), then `tsc --noEmit` and `next build`.
 * Builds, kept few for CI time: the npm project with Turbopack and with `--webpack`, the pnpm project with Turbopack
 * (Next.js 16's default). After each build, no client chunk holds the controller's code. The two projects are set up
 * at the same time; the builds take /tmp/next-build.lock one after the other. Run with `npm run test:cli:e2e`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, REPO_ROOT, cleanup, emptyTempDir, read } from './helpers';
import { exec, nextBuild, type Result } from './processes';

type Manager = 'npm' | 'pnpm';

/**
 * The repository's pnpm (a devDependency) first on PATH, for create-next-app and the CLI's installs; the library from
 * one tarball packed before (NEXT_APP_CONTROLLERS_LIBRARY_SPEC): two `npm pack` of this checkout at once would race on
 * its package.json and dist/ (packing into the project is what test/cli/e2e.test.ts checks).
 */
const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${join(REPO_ROOT, 'node_modules/.bin')}:${process.env.PATH}`, npm_config_user_agent: undefined };

/** A string of the controller only: a client chunk holding it would mean prefetch.ts pulled the app into the browser. */
const SERVER_MARKER = 'feed-controller-server-only-marker';

const CONTROLLER = `import { Controller, CursorPageQuery, Get, Paginated, Query } from 'next-app-controllers';
import { IsString } from 'class-validator';

export class FeedItemDto {
  @IsString()
  id!: string;

  @IsString()
  title!: string;
}

export class FeedQuery extends CursorPageQuery {}

const SECRET = '${SERVER_MARKER}';
const all = Array.from({ length: 25 }, (_, index) => ({ id: String(index), title: \`Item \${index}\`, secret: SECRET }));

@Controller('/feed')
export class FeedController {
  @Get('')
  @Paginated(FeedItemDto, { style: 'cursor', defaultLimit: 5 })
  list(@Query(FeedQuery) query: FeedQuery) {
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    const end = start + query.limit;
    return { items: all.slice(start, end), nextCursor: end < all.length ? String(end) : null };
  }

  @Get('/first')
  first() {
    return all[0];
  }
}
`;

/** A server component prefetching through app.fetch, handing the cache to a client component. */
const PAGE = `import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import { getQueryClient, prefetchInfiniteQuery, prefetchQuery } from '@/lib/api/prefetch';
import { QueryProvider } from '@/lib/api/query-provider';
import { Suspense } from 'react';
import { Feed, FEED_OPTIONS } from './feed';

// create-next-app turns cacheComponents on: prefetching reads the request, so it sits inside <Suspense> (the guide's way).
export default function FeedPage() {
  return (
    <Suspense fallback={null}>
      <Prefetched />
    </Suspense>
  );
}

async function Prefetched() {
  const queryClient = getQueryClient();
  await prefetchQuery(queryClient, 'get', '/api/feed', { params: { query: { limit: 3 } } });
  await prefetchInfiniteQuery(queryClient, 'get', '/api/feed', { params: { query: { limit: 5 } } }, FEED_OPTIONS);
  return (
    <QueryProvider>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <Feed />
      </HydrationBoundary>
    </QueryProvider>
  );
}
`;

const LAYOUT = `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`;

const FEED = `'use client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { $api, infiniteQueryOptions } from '@/lib/api/query';

export const FEED_OPTIONS = {
  pageParamName: 'cursor',
  initialPageParam: null as string | null,
  getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor,
};

export function Feed() {
  const first = $api.useQuery('get', '/api/feed', { params: { query: { limit: 3 } } });
  const pages = useInfiniteQuery(infiniteQueryOptions('get', '/api/feed', { params: { query: { limit: 5 } } }, FEED_OPTIONS));
  const infinite = $api.useInfiniteQuery('get', '/api/feed', { params: { query: { limit: 5 } } }, {
    pageParamName: 'cursor',
    initialPageParam: null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const titles: string[] = pages.data?.pages.flatMap((page) => page.items.map((item) => item.title)) ?? [];
  return (
    <main>
      <p>{first.data?.items.map((item) => item.title).join(', ')}</p>
      <ul>{titles.map((title) => <li key={title}>{title}</li>)}</ul>
      <p>{infinite.data?.pages.length ?? 0} pages</p>
      {pages.hasNextPage && <button onClick={() => pages.fetchNextPage()}>More</button>}
    </main>
  );
}
`;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(js|mjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const holding = (dir: string) => filesUnder(dir).filter((file) => readFileSync(file, 'utf8').includes(SERVER_MARKER));

const run = (cwd: string, args: string[]): Promise<Result> => exec(process.execPath, [BIN, ...args], { cwd, env });

/** `new`, a paginated controller, `openapi`, `generate client --query`, the pages, `tsc --noEmit`: a project ready to build. */
async function prepare(manager: Manager, log: (text: string) => void): Promise<string> {
  const parent = emptyTempDir();
  const created = await run(parent, ['new', 'app', `--use-${manager}`, '--swagger', '--skip-git']);
  assert.is(created.code, 0, created.output);
  const dir = join(parent, 'app');
  log('new done');

  const controller = await run(dir, ['generate', 'controller', 'feed']);
  assert.is(controller.code, 0, controller.output);
  assert.ok(existsSync(join(dir, 'src/features/feed/controller.ts')), controller.output);
  writeFileSync(join(dir, 'src/features/feed/controller.ts'), CONTROLLER);
  rmSync(join(dir, 'src/features/feed/dto.ts'), { force: true });
  const openapi = await run(dir, ['openapi']);
  assert.is(openapi.code, 0, openapi.output);
  const document = JSON.parse(read(dir, 'openapi.json'));
  assert.equal(document.paths['/api/feed'].get['x-pagination'], { style: 'cursor', pageParam: 'cursor', nextField: 'nextCursor' });

  const client = await run(dir, ['generate', 'client', '--query']);
  assert.is(client.code, 0, client.output);
  for (const file of ['client.ts', 'server.ts', 'query.ts', 'query-provider.tsx', 'prefetch.ts', 'schema.d.ts']) {
    assert.ok(existsSync(join(dir, 'src/lib/api', file)), `${manager}: src/lib/api/${file} written\n${client.output}`);
  }
  const pkg = JSON.parse(read(dir, 'package.json')) as { dependencies: Record<string, string> };
  for (const name of ['@tanstack/react-query', 'openapi-react-query', 'openapi-fetch']) {
    assert.ok(pkg.dependencies[name], `${manager}: ${name} in package.json`);
    assert.ok(existsSync(join(dir, 'node_modules', name, 'package.json')), `${manager}: ${name} installed`);
  }
  const lockfile = manager === 'npm' ? 'package-lock.json' : 'pnpm-lock.yaml';
  assert.match(read(dir, lockfile), 'openapi-react-query', `${manager}: installed by ${manager} (${lockfile})`);
  assert.not.ok(existsSync(join(dir, manager === 'npm' ? 'pnpm-lock.yaml' : 'package-lock.json')), `${manager}: no other manager's lockfile`);
  log('generate client --query done');

  // create-next-app's layout loads its fonts from Google Fonts at build time, which CI cannot reach.
  writeFileSync(join(dir, 'src/app/layout.tsx'), LAYOUT);
  mkdirSync(join(dir, 'src/app/feed'), { recursive: true });
  writeFileSync(join(dir, 'src/app/feed/page.tsx'), PAGE);
  writeFileSync(join(dir, 'src/app/feed/feed.tsx'), FEED);
  const tsc = await exec(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.'], { cwd: dir, env });
  assert.is(tsc.code, 0, `${manager}: tsc --noEmit\n${tsc.output}`);
  log('tsc --noEmit done');
  return dir;
}

async function build(dir: string, label: string, args: string[], log: (text: string) => void): Promise<void> {
  rmSync(join(dir, '.next'), { recursive: true, force: true });
  const result = await nextBuild(dir, args);
  assert.is(result.code, 0, `${label}: next build ${args.join(' ')}\n${result.output}`);
  assert.match(result.output, '/feed');
  assert.ok(holding(join(dir, '.next/server')).length > 0, `${label}: the marker is in the server build`);
  assert.equal(holding(join(dir, '.next/static')), [], `${label}: no client chunk holds the controller`);
  log(`next build ${args.join(' ') || '(Turbopack)'} done`);
}

const e2e = suite('generate client --query end to end (create-next-app, npm and pnpm)');
e2e.after(cleanup);

// Part of `npm test` (about 4 minutes). QUERY_E2E=0 skips it, for a quick local run of the other CLI e2e suites.
const test = process.env.QUERY_E2E === '0' ? e2e.skip : e2e;

test('fresh npm and pnpm projects: --query writes and installs, type-checks, and next build passes (npm: Turbopack and webpack; pnpm: Turbopack)', async () => {
  const started = Date.now();
  const logger = (label: string) => (text: string) => console.log(`  [query e2e ${label}] ${text} after ${Math.round((Date.now() - started) / 1000)} s`);
  const packed = emptyTempDir();
  const pack = await exec('npm', ['pack', REPO_ROOT, '--pack-destination', packed], { cwd: packed });
  assert.is(pack.code, 0, pack.output);
  env.NEXT_APP_CONTROLLERS_LIBRARY_SPEC = `file:${join(packed, readdirSync(packed).find((name) => name.endsWith('.tgz'))!)}`;
  logger('both')('npm pack done');
  // Both settled before a failure is thrown: the other project's installs must end before its folder is removed.
  const settled = await Promise.allSettled([prepare('npm', logger('npm')), prepare('pnpm', logger('pnpm'))]);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  const [npm, pnpm] = settled.map((outcome) => (outcome as PromiseFulfilledResult<string>).value);
  await build(npm, 'npm', [], logger('npm'));
  await build(npm, 'npm', ['--webpack'], logger('npm'));
  await build(pnpm, 'pnpm', [], logger('pnpm'));
  console.log(`  [query e2e] took ${Math.round((Date.now() - started) / 1000)} s`);
});

e2e.run();
