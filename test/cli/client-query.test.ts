import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, REPO_ROOT, cleanup, read, tempProject, write } from './helpers';
import { exec } from './processes';

// `generate client --query` on the fixture app with the repository's node_modules (TanStack Query, openapi-react-query,
// React and Next.js at the versions the repository pins), then the generated files and a page using them type-checked
// by tsc with the project's tsconfig.

async function cli(dir: string, ...args: string[]) {
  return exec(process.execPath, [BIN, ...args], { cwd: dir, timeout: 60_000 });
}

function put(dir: string, file: string, text: string): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  write(dir, file, text);
}

const FEATURE = `import { IsString, MinLength } from 'class-validator';
import { ApiResponse, Body, Controller, CursorPageQuery, Get, Paginated, Post, Query, type RouteContext } from 'next-app-controllers';

export class PostDto {
  @IsString()
  id!: string;

  @IsString()
  title!: string;
}

export class CreatePostDto {
  @IsString()
  @MinLength(1)
  title!: string;
}

export class PostsPageQuery extends CursorPageQuery {}

@Controller('/posts')
export class PostsController {
  @Get('')
  @Paginated(PostDto, { style: 'cursor' })
  list(@Query(PostsPageQuery) query: PostsPageQuery) {
    return { items: [{ id: '1', title: String(query.limit) }], nextCursor: null };
  }

  @Get('/:id')
  @ApiResponse({ status: 200, type: PostDto })
  one(context: RouteContext) {
    return { id: context.params.id, title: 'one' };
  }

  @Post('')
  @ApiResponse({ status: 201, type: PostDto })
  create(@Body(CreatePostDto) body: CreatePostDto) {
    return { id: '2', title: body.title };
  }
}
`;

const APP = `import { createApplication } from 'next-app-controllers';
import { PostsController } from './features/posts/controller';

export const app = createApplication({ controllers: [PostsController] });
`;

const ROUTE = `import '@/app';
import { generateOpenApiDocument } from 'next-app-controllers';

export async function GET() {
  return Response.json(await generateOpenApiDocument({ title: 'Posts API' }));
}
`;

// What the guide shows, compiled against the generated files.
const CLIENT_PAGE = `'use client';

import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { $api, infiniteQueryOptions } from '@/lib/api/query';

export function Posts({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const one = $api.useQuery('get', '/api/posts/{id}', { params: { path: { id } } });
  const title: string | undefined = one.data?.title;
  const create = $api.useMutation('post', '/api/posts', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: $api.queryOptions('get', '/api/posts').queryKey }),
  });
  const pages = useInfiniteQuery(
    infiniteQueryOptions('get', '/api/posts', { params: { query: { limit: 10 } } }, {
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  );
  const items = pages.data?.pages.flatMap((page) => page.items.map((item) => item.title)) ?? [];
  return (
    <button type="button" onClick={() => create.mutate({ body: { title: 'new' } })}>
      {title} {items.join(', ')}
    </button>
  );
}
`;

const SERVER_PAGE = `import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import { getQueryClient, prefetchInfiniteQuery, prefetchQuery } from '@/lib/api/prefetch';
import { Posts } from './posts';

export default async function Page() {
  const queryClient = getQueryClient();
  await prefetchQuery(queryClient, 'get', '/api/posts/{id}', { params: { path: { id: '1' } } });
  await prefetchInfiniteQuery(queryClient, 'get', '/api/posts', { params: { query: { limit: 10 } } }, {
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Posts id="1" />
    </HydrationBoundary>
  );
}
`;

function queryProject(): string {
  const dir = tempProject('src');
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  write(dir, 'tsconfig.json', read(dir, 'tsconfig.json').replace('"strict": true,', '"strict": true,\n    "experimentalDecorators": true,\n    "emitDecoratorMetadata": true,'));
  put(dir, 'src/features/posts/controller.ts', FEATURE);
  put(dir, 'src/app.ts', APP);
  put(dir, 'src/app/api/openapi.json/route.ts', ROUTE);
  return dir;
}

const test = suite('next-app-controllers generate client --query');
test.after.each(cleanup);

test('writes query.ts, query-provider.tsx and prefetch.ts beside an existing client, and says what to install', async () => {
  const dir = queryProject();
  const plain = await cli(dir, 'generate', 'client', '--skip-install');
  assert.is(plain.code, 0, plain.output);
  assert.not.ok(existsSync(join(dir, 'src/lib/api/query.ts')));
  write(dir, 'src/lib/api/client.ts', read(dir, 'src/lib/api/client.ts') + '// mine\n');

  const { code, output } = await cli(dir, 'generate', 'client', '--query', '--skip-install');
  assert.is(code, 0, output);
  assert.match(read(dir, 'src/lib/api/client.ts'), '// mine');
  const query = read(dir, 'src/lib/api/query.ts');
  assert.match(query, "import createClient from 'openapi-react-query';");
  assert.match(query, "import { api } from './client';");
  assert.match(query, 'export const $api = createClient(api);');
  assert.match(query, 'export function infiniteQueryOptions');
  assert.match(query, 'staleTime: 60_000');
  const provider = read(dir, 'src/lib/api/query-provider.tsx');
  assert.ok(provider.startsWith("'use client';"));
  assert.match(provider, 'useState<QueryClient>(makeQueryClient)');
  const prefetch = read(dir, 'src/lib/api/prefetch.ts');
  assert.ok(prefetch.startsWith("import 'server-only';"));
  assert.match(prefetch, "import { api } from './server';");
  assert.match(prefetch, 'export const getQueryClient = cache(makeQueryClient);');
  assert.match(prefetch, 'export function prefetchQuery');
  assert.match(output, 'npm install openapi-fetch@^0.17.0 @tanstack/react-query@~5.108.4 openapi-react-query@0.5.4');
  assert.match(output, '<QueryProvider>');
});

test('the generated files and a page using them type-check against the installed packages', async () => {
  const dir = queryProject();
  const { code, output } = await cli(dir, 'generate', 'client', '--query', '--skip-install');
  assert.is(code, 0, output);
  assert.match(read(dir, 'src/lib/api/schema.d.ts'), '"/api/posts": {');
  put(dir, 'src/app/posts/posts.tsx', CLIENT_PAGE);
  put(dir, 'src/app/posts/page.tsx', SERVER_PAGE);
  const tsc = await exec(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit', '--incremental', 'false'], { cwd: dir, timeout: 120_000 });
  assert.is(tsc.code, 0, tsc.output);
  // And a wrong use fails: the item's fields are typed from the document.
  put(dir, 'src/app/posts/wrong.tsx', CLIENT_PAGE.replace('item.title', 'item.missing').replace('export function Posts', 'export function Wrong'));
  const wrong = await exec(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit', '--incremental', 'false'], { cwd: dir, timeout: 120_000 });
  assert.is(wrong.code, 2, wrong.output);
  assert.match(wrong.output, "Property 'missing' does not exist");
});

test('the package manager it starts does not inherit the NODE_ENV=production the document was read under (npm would omit the -D install)', async () => {
  const dir = queryProject();
  // A fake npm first on PATH: it records the NODE_ENV it was started with and its arguments.
  put(dir, 'fake-bin/npm', `#!/bin/sh\necho "NODE_ENV=\${NODE_ENV:-} $*" >> "${dir}/npm-calls.txt"\n`);
  chmodSync(join(dir, 'fake-bin/npm'), 0o755);
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${join(dir, 'fake-bin')}:${process.env.PATH}` };
  delete env.NODE_ENV;
  const result = await exec(process.execPath, [BIN, 'generate', 'client', '--query'], { cwd: dir, env, timeout: 60_000 });
  assert.is(result.code, 0, result.output);
  const calls = readFileSync(join(dir, 'npm-calls.txt'), 'utf8').trim().split('\n');
  assert.ok(calls.some((call) => call.includes('install -D openapi-typescript@')), calls.join('\n'));
  for (const call of calls) assert.ok(call.startsWith('NODE_ENV= '), call);
});

test.run();
