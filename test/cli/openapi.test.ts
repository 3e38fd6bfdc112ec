import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compareDocuments, describeChanges } from '../../generators/document/diff';
import { BIN, REPO_ROOT, cleanup, read, snapshot as snapshotAll, tempProject, write } from './helpers';
import { exec } from './processes';

// Each command runs the built CLI in a child process, as users run it: the project's modules, the library and its
// registry of applications are loaded fresh every time.
async function cli(dir: string, ...args: string[]) {
  return exec(process.execPath, [BIN, ...args], { cwd: dir, timeout: 60_000 });
}

/** Every file of the project but the symlinked node_modules. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(Object.entries(snapshotAll(join(dir, 'src'))).map(([file, text]) => [`src/${file}`, text]).concat(
    ['openapi.json', 'package.json', 'tsconfig.json'].filter((file) => existsSync(join(dir, file))).map((file) => [file, read(dir, file)]),
  ));
}

function put(dir: string, file: string, text: string): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  write(dir, file, text);
}

const DTO = `import { Type } from 'class-transformer';
import { IsOptional, IsString, MinLength, ValidateNested } from 'class-validator';

export class AuthorDto {
  @IsString()
  name!: string;
}

export class CreatePostDto {
  @IsString()
  @MinLength(1)
  title!: string;

  // No @Type: the schema's $ref comes from the design:type metadata TypeScript emits.
  @IsOptional()
  @ValidateNested()
  author?: AuthorDto;
}

export class PostDto {
  @IsString()
  id!: string;

  @IsString()
  title!: string;
}
`;

const CONTROLLER = (dtoImport: string) => `import { ApiResponse, Body, Controller, Delete, Get, Post, type RouteContext } from 'next-app-controllers';
import { CreatePostDto, PostDto } from '${dtoImport}';

@Controller('/posts')
export class PostsController {
  @Get('')
  @ApiResponse({ status: 200, type: PostDto, isArray: true })
  list() {
    return [];
  }

  @Post('')
  @ApiResponse({ status: 201, type: PostDto })
  create(@Body(CreatePostDto) body: CreatePostDto) {
    return { id: '1', title: body.title };
  }

  @Delete('/:id')
  remove(context: RouteContext) {
    return { removed: context.params.id };
  }
}
`;

const APP = (controllerImport: string) => `import { createApplication } from 'next-app-controllers';
import { PostsController } from '${controllerImport}';

export const app = createApplication({ controllers: [PostsController] });
`;

const ROUTE = `import '@/app';
import { generateOpenApiDocument } from 'next-app-controllers';

export async function GET() {
  const securitySchemes = { apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' } } as const;
  return Response.json(await generateOpenApiDocument({ title: 'Posts API', version: '2.0.0', securitySchemes }));
}
`;

/** The fixture app with a posts controller, decorator options in tsconfig and the repository's node_modules. */
function apiProject(options: { route?: boolean; layout?: 'src' | 'root' } = {}): string {
  const layout = options.layout ?? 'src';
  const dir = tempProject(layout);
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  const src = layout === 'src' ? 'src/' : '';
  write(dir, 'tsconfig.json', read(dir, 'tsconfig.json').replace('"strict": true,', '"strict": true,\n    "experimentalDecorators": true,\n    "emitDecoratorMetadata": true,'));
  put(dir, `${src}features/posts/dto.ts`, DTO);
  put(dir, `${src}features/posts/controller.ts`, CONTROLLER('./dto'));
  put(dir, `${src}app.ts`, APP('./features/posts/controller'));
  if (options.route !== false) put(dir, `${src}app/api/openapi.json/route.ts`, ROUTE);
  return dir;
}

type Document = {
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }>; securitySchemes?: Record<string, unknown> };
};

const documentOf = (dir: string, file = 'openapi.json') => JSON.parse(read(dir, file)) as Document;

const openapi = suite('next-app-controllers openapi');
openapi.after.each(cleanup);

openapi('writes what the app\'s openapi.json route answers (its title and security schemes), with decorator metadata', async () => {
  const dir = apiProject();
  const { code, output } = await cli(dir, 'openapi');
  assert.is(code, 0, output);
  assert.match(output, 'Wrote openapi.json: 3 operations (from src/app/api/openapi.json/route.ts).');
  const document = documentOf(dir);
  assert.equal(document.info, { title: 'Posts API', version: '2.0.0' });
  assert.equal(document.components.securitySchemes, { apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' } });
  assert.equal(Object.keys(document.paths), ['/api/posts', '/api/posts/{id}']);
  assert.equal(document.components.schemas.CreatePostDto.properties!.author, { $ref: '#/components/schemas/AuthorDto' });
  assert.ok(read(dir, 'openapi.json').endsWith('}\n'));
});

openapi('--out writes elsewhere (folders made); without a route, the app module\'s applications are documented', async () => {
  const dir = apiProject({ route: false });
  const { code, output } = await cli(dir, 'openapi', '--out', 'docs/api/openapi.json');
  assert.is(code, 0, output);
  assert.match(output, 'Wrote docs/api/openapi.json: 3 operations (from src/app.ts).');
  assert.is(documentOf(dir, 'docs/api/openapi.json').info.title, 'API');
  assert.not.ok(existsSync(join(dir, 'openapi.json')));
});

openapi('the root layout (app/, app.ts) and tsconfig baseUrl and paths aliases, resolved as Next.js resolves them', async () => {
  const dir = apiProject({ layout: 'root' });
  write(dir, 'tsconfig.json', read(dir, 'tsconfig.json').replace('"paths": {', '"baseUrl": ".",\n    "paths": {\n      "#dto/*": ["./features/*/dto"],'));
  write(dir, 'features/posts/controller.ts', CONTROLLER('#dto/posts').replace("import { CreatePostDto", "import { AuthorDto } from 'features/posts/dto';\nimport { CreatePostDto") + 'export const authorClass = AuthorDto;\n');
  write(dir, 'app.ts', APP('@/features/posts/controller'));
  write(dir, 'app/api/openapi.json/route.ts', ROUTE);
  const { code, output } = await cli(dir, 'openapi');
  assert.is(code, 0, output);
  assert.match(output, 'Wrote openapi.json: 3 operations (from app/api/openapi.json/route.ts).');
  assert.ok(documentOf(dir).components.schemas.CreatePostDto);
});

openapi('an ESM next.config.ts in a "type": "module" project, and a DTO imported through a barrel file', async () => {
  const dir = apiProject();
  write(dir, 'package.json', read(dir, 'package.json').replace('"private": true,', '"private": true,\n  "type": "module",'));
  write(
    dir,
    'next.config.ts',
    "import type { NextConfig } from 'next';\nimport { fileURLToPath } from 'node:url';\n\nconst root = fileURLToPath(new URL('.', import.meta.url));\nconst nextConfig: NextConfig = { outputFileTracingRoot: root };\nexport default nextConfig;\n",
  );
  put(dir, 'src/features/index.ts', "export * from './posts/dto';\nexport { PostsController } from './posts/controller';\n");
  write(dir, 'src/features/posts/controller.ts', CONTROLLER('@/features'));
  write(dir, 'src/app.ts', APP('./features'));
  const { code, output } = await cli(dir, 'openapi');
  assert.is(code, 0, output);
  assert.equal(documentOf(dir).components.schemas.CreatePostDto.properties!.author, { $ref: '#/components/schemas/AuthorDto' });
});

openapi('a syntax error in a controller: the file and line, exit 1, nothing written', async () => {
  const dir = apiProject();
  write(dir, 'src/features/posts/controller.ts', CONTROLLER('./dto').replace('  list() {', '  list() {\n    return [;'));
  const before = snapshot(dir);
  const { code, output } = await cli(dir, 'openapi');
  assert.is(code, 1);
  assert.match(output, 'next-app-controllers openapi: src/features/posts/controller.ts:9:13: syntax error:');
  assert.equal(snapshot(dir), before);
});

openapi('what a CommonJS module cannot hold (import.meta, top-level await): the file named, exit 1, nothing written', async () => {
  const dir = apiProject();
  write(dir, 'src/features/posts/dto.ts', `${DTO}export const here = import.meta.url;\n`);
  const { code, output } = await cli(dir, 'openapi');
  assert.is(code, 1);
  assert.match(output, "next-app-controllers openapi: src/features/posts/dto.ts: Cannot use 'import.meta' outside a module");
  assert.not.ok(existsSync(join(dir, 'openapi.json')));
});

openapi('a module that keeps the process up (a timer) does not keep the command from ending', async () => {
  const dir = apiProject();
  write(dir, 'src/app.ts', `${APP('./features/posts/controller')}\nsetInterval(() => {}, 1000);\n`);
  const started = Date.now();
  const { code, output } = await cli(dir, 'openapi');
  assert.is(code, 0, output);
  assert.ok(Date.now() - started < 30_000);
});

openapi('--check: 0 when the file matches; 1 naming what changed, writing nothing; 1 when there is no file', async () => {
  const dir = apiProject();
  const missing = await cli(dir, 'openapi', '--check');
  assert.is(missing.code, 1);
  assert.match(missing.output, 'openapi.json does not exist: run `next-app-controllers openapi`');
  assert.not.ok(existsSync(join(dir, 'openapi.json')));

  assert.is((await cli(dir, 'openapi')).code, 0);
  const same = await cli(dir, 'openapi', '--check');
  assert.is(same.code, 0, same.output);
  assert.match(same.output, 'openapi.json matches the sources: 3 operations.');

  write(dir, 'src/features/posts/dto.ts', DTO.replace('  author?: AuthorDto;\n', '  author?: AuthorDto;\n\n  @IsOptional()\n  @IsString()\n  summary?: string;\n'));
  write(dir, 'src/features/posts/controller.ts', CONTROLLER('./dto').replace(/\n  @Delete[\s\S]*?\n  }\n/, '\n'));
  const before = snapshot(dir);
  const changed = await cli(dir, 'openapi', '--check');
  assert.is(changed.code, 1);
  assert.match(changed.output, 'openapi.json differs from the sources: 1 of 2 changes breaking');
  assert.match(changed.output, 'not breaking: request field added, optional: CreatePostDto.summary');
  assert.match(changed.output, 'breaking: operation removed: DELETE /api/posts/{id}');
  assert.equal(snapshot(dir), before);
});

openapi('--check handles a 3.2 document as a 3.1 one: a change of version named, not breaking; the same item schema under itemSchema or x-itemSchema is no change', async () => {
  const dir = apiProject();
  put(
    dir,
    'src/features/posts/controller.ts',
    CONTROLLER('./dto')
      .replace("import { ApiResponse, Body,", "import { ApiResponse, ApiTags, Body, Sse,")
      .replace("@Controller('/posts')", "@ApiTags({ name: 'Posts', parent: 'Blog' })\n@Controller('/posts')")
      .replace("  @Delete('/:id')", "  @Sse()\n  @ApiResponse({ status: 200, type: PostDto })\n  @Get('/events')\n  async *events() {}\n\n  @Delete('/:id')"),
  );
  put(dir, 'src/app/api/openapi.json/route.ts', ROUTE.replace("version: '2.0.0', securitySchemes", "version: '2.0.0', securitySchemes, openapi: '3.2'"));
  assert.is((await cli(dir, 'openapi')).code, 0);
  const document = documentOf(dir) as Document & { openapi: string; tags: unknown };
  assert.is(document.openapi, '3.2.0');
  assert.equal(document.tags, [{ name: 'Posts', parent: 'Blog' }, { name: 'Blog' }]);
  assert.ok((document.paths['/api/posts/events'].get as any).responses['200'].content['text/event-stream'].itemSchema);
  const same = await cli(dir, 'openapi', '--check');
  assert.is(same.code, 0, same.output);

  put(dir, 'src/app/api/openapi.json/route.ts', ROUTE);
  // Nothing here breaks a client (the default --check passes); --strict fails on any change.
  assert.is((await cli(dir, 'openapi', '--check')).code, 0);
  const changed = await cli(dir, 'openapi', '--check', '--strict');
  assert.is(changed.code, 1);
  assert.match(changed.output, 'not breaking: OpenAPI version changed: 3.2.0 → 3.1.0');
  // The events' item schema is the same in both (itemSchema in 3.2, x-itemSchema in 3.1): not a change.
  assert.not.match(changed.output, '/api/posts/events');
  assert.match(changed.output, 'changed: .tags');
});

openapi('usage errors: --out without a file, an unknown flag', async () => {
  const dir = apiProject();
  const noValue = await cli(dir, 'openapi', '--out');
  assert.is(noValue.code, 2);
  assert.match(noValue.output, "Option '--out <value>' argument missing.");
  const unknown = await cli(dir, 'openapi', '--force');
  assert.is(unknown.code, 2);
  assert.match(unknown.output, 'Valid options: --out, --check, --api-version, --strict, --format, --types, --watch, -h/--help.');
});

const client = suite('next-app-controllers generate client');
client.after.each(cleanup);

// Issue 51: what `openapi --watch` runs after each change under next dev (test/e2e/client-types-dev.test.ts).
client('openapi --types writes schema.d.ts again from the sources, which --check then finds current', async () => {
  const dir = apiProject();
  assert.is((await cli(dir, 'generate', 'client', '--skip-install')).code, 0);
  write(dir, 'src/features/posts/dto.ts', DTO.replace('export class PostDto {', 'export class PostDto {\n  @IsString()\n  slug!: string;\n'));
  const types = await cli(dir, 'openapi', '--types');
  assert.is(types.code, 0, types.output);
  assert.match(types.output, 'Wrote src/lib/api/schema.d.ts (from the sources).');
  assert.match(read(dir, 'src/lib/api/schema.d.ts'), 'slug: string;');
  assert.match((await cli(dir, 'openapi', '--types')).output, 'src/lib/api/schema.d.ts is current.');
  assert.is((await cli(dir, 'openapi')).code, 0);
  const checked = await cli(dir, 'openapi', '--check');
  assert.is(checked.code, 0, checked.output);
  assert.match(checked.output, 'src/lib/api/schema.d.ts too');
});

client('writes schema.d.ts, client.ts and server.ts; a second run keeps the client files and regenerates the types', async () => {
  const dir = apiProject();
  const first = await cli(dir, 'generate', 'client', '--skip-install');
  assert.is(first.code, 0, first.output);
  assert.match(read(dir, 'src/lib/api/schema.d.ts'), /^\/\*\*\n \* Generated by `next-app-controllers generate client`/);
  assert.match(read(dir, 'src/lib/api/schema.d.ts'), '"/api/posts/{id}": {');
  assert.match(read(dir, 'src/lib/api/client.ts'), "export const api = createClient<paths>(");
  const server = read(dir, 'src/lib/api/server.ts');
  assert.ok(server.startsWith("import 'server-only';"));
  assert.match(server, "import { app } from '@/app';");
  assert.match(first.output, 'npm install openapi-fetch@^0.17.0');
  assert.match(first.output, 'npm install -D openapi-typescript@^7.13.0');

  assert.is((await cli(dir, 'openapi')).code, 0);
  const checked = await cli(dir, 'openapi', '--check');
  assert.is(checked.code, 0, checked.output);
  assert.match(checked.output, 'src/lib/api/schema.d.ts too');

  write(dir, 'src/lib/api/client.ts', '// mine\n');
  write(dir, 'src/features/posts/dto.ts', DTO.replace('export class PostDto {', 'export class PostDto {\n  @IsString()\n  slug!: string;\n'));
  // A change that breaks nothing stales the types too: reported, and failing only with --strict.
  const stale = await cli(dir, 'openapi', '--check');
  assert.is(stale.code, 0, stale.output);
  assert.match(stale.output, 'not breaking: response field added, required: PostDto.slug');
  assert.match(stale.output, 'src/lib/api/schema.d.ts is out of date: run `next-app-controllers generate client`.');
  assert.is((await cli(dir, 'openapi', '--check', '--strict')).code, 1);
  // The document updated but not the types: nothing explains them, so they fail the check.
  assert.is((await cli(dir, 'openapi')).code, 0);
  const typesOnly = await cli(dir, 'openapi', '--check');
  assert.is(typesOnly.code, 1, typesOnly.output);
  assert.match(typesOnly.output, 'src/lib/api/schema.d.ts is out of date: run `next-app-controllers generate client`.');

  const second = await cli(dir, 'generate', 'client', '--skip-install');
  assert.is(second.code, 0, second.output);
  assert.is(read(dir, 'src/lib/api/client.ts'), '// mine\n');
  assert.match(second.output, 'skipped');
  assert.match(read(dir, 'src/lib/api/schema.d.ts'), 'slug: string;');

  const forced = await cli(dir, 'generate', 'client', '--skip-install', '--force');
  assert.is(forced.code, 0, forced.output);
  assert.match(read(dir, 'src/lib/api/client.ts'), 'createClient<paths>');
});

client('without src/, the folder is lib/api and server.ts imports the app module there', async () => {
  const dir = apiProject({ layout: 'root' });
  write(dir, 'app/api/openapi.json/route.ts', ROUTE);
  const { code, output } = await cli(dir, 'g', 'client', '--skip-install');
  assert.is(code, 0, output);
  assert.ok(existsSync(join(dir, 'lib/api/schema.d.ts')));
  assert.ok(existsSync(join(dir, 'lib/api/client.ts')));
  assert.match(read(dir, 'lib/api/server.ts'), "import { app } from '@/app';");
});

const VERSIONED_CONTROLLER = `import { Controller, Deprecated, Get, Version } from 'next-app-controllers';

@Version('1')
@Deprecated({ sunset: '2027-06-30' })
@Controller('/posts')
export class PostsV1Controller {
  @Get('')
  list() {
    return [];
  }
}

@Version('2')
@Controller('/posts')
export class PostsV2Controller {
  @Get('')
  list() {
    return [];
  }

  @Get('/:id')
  findOne() {
    return {};
  }
}
`;

const VERSIONED_APP = `import { createApplication } from 'next-app-controllers';
import { PostsV1Controller, PostsV2Controller } from './features/posts/controller';

export const app = createApplication({ controllers: [PostsV1Controller, PostsV2Controller], versioning: { type: 'uri' } });
`;

const VERSIONED_ROUTE = `import '@/app';
import { generateOpenApiDocument } from 'next-app-controllers';

export async function GET(request: Request) {
  const apiVersion = new URL(request.url).searchParams.get('version') ?? undefined;
  return Response.json(await generateOpenApiDocument({ title: 'Posts API', apiVersion }));
}
`;

/** An app with versioning: posts in versions 1 (deprecated) and 2, optionally with the openapi.json route. */
function versionedProject(route: string | undefined): string {
  const dir = apiProject({ route: false });
  write(dir, 'src/features/posts/controller.ts', VERSIONED_CONTROLLER);
  write(dir, 'src/app.ts', VERSIONED_APP);
  if (route) put(dir, 'src/app/api/openapi.json/route.ts', route);
  return dir;
}

const versions = suite('next-app-controllers openapi --api-version, generate client --api-version');
versions.after.each(cleanup);

versions("--api-version: the route answers ?version=<version> with that version's document", async () => {
  const dir = versionedProject(VERSIONED_ROUTE);
  const { code, output } = await cli(dir, 'openapi', '--api-version', '2', '--out', 'openapi.v2.json');
  assert.is(code, 0, output);
  assert.match(output, 'Wrote openapi.v2.json: 2 operations of API version 2 (from src/app/api/openapi.json/route.ts).');
  const v2 = documentOf(dir, 'openapi.v2.json');
  assert.equal(v2.info, { title: 'Posts API', version: '2', 'x-api-version': '2' } as never);
  assert.equal(Object.keys(v2.paths), ['/api/v2/posts', '/api/v2/posts/{id}']);
  const every = await cli(dir, 'openapi');
  assert.is(every.code, 0, every.output);
  assert.equal(Object.keys(documentOf(dir).paths), ['/api/v2/posts', '/api/v2/posts/{id}', '/api/v1/posts']);
  const checked = await cli(dir, 'openapi', '--check', '--api-version', '2', '--out', 'openapi.v2.json');
  assert.is(checked.code, 0, checked.output);
  assert.match(checked.output, 'openapi.v2.json matches the sources: 2 operations.');
});

versions('--api-version: a route that does not pass the version on is named, with the fix; an unknown version lists the versions', async () => {
  const dir = versionedProject(ROUTE);
  const ignored = await cli(dir, 'openapi', '--api-version', '2');
  assert.is(ignored.code, 1);
  assert.match(
    ignored.output,
    "next-app-controllers openapi: src/app/api/openapi.json/route.ts did not answer version 2's document to GET /api/openapi.json?version=2 (its info['x-api-version'] is undefined). " +
      "Pass the query on: generateOpenApiDocument({ title, apiVersion: new URL(request.url).searchParams.get('version') ?? undefined }).",
  );
  const bare = versionedProject(undefined);
  const unknown = await cli(bare, 'openapi', '--api-version', '3');
  assert.is(unknown.code, 1);
  assert.match(unknown.output, "next-app-controllers openapi: generateOpenApiDocument: apiVersion '3' is not a version of the documented applications; their versions are '1', '2'.");
  const v1 = await cli(bare, 'openapi', '--api-version', '1');
  assert.is(v1.code, 0, v1.output);
  assert.match(v1.output, 'Wrote openapi.json: 1 operation of API version 1 (from src/app.ts).');
  assert.is((documentOf(bare).paths['/api/v1/posts'].get as { deprecated?: boolean }).deprecated, true);
});

versions("generate client --api-version: the types of that version, its header says so; openapi --check checks them in that version's run", async () => {
  const dir = versionedProject(VERSIONED_ROUTE);
  const generated = await cli(dir, 'generate', 'client', '--skip-install', '--api-version', '2');
  assert.is(generated.code, 0, generated.output);
  const types = read(dir, 'src/lib/api/schema.d.ts');
  assert.match(types, ' * Generated by `next-app-controllers generate client --api-version 2` from the app');
  assert.match(types, '"/api/v2/posts/{id}": {');
  assert.not.match(types, '"/api/v1/posts"');
  assert.is((await cli(dir, 'openapi', '--api-version', '2', '--out', 'openapi.v2.json')).code, 0);
  const checked = await cli(dir, 'openapi', '--check', '--api-version', '2', '--out', 'openapi.v2.json');
  assert.is(checked.code, 0, checked.output);
  assert.match(checked.output, 'openapi.v2.json matches the sources: 2 operations; src/lib/api/schema.d.ts too.');
  assert.is((await cli(dir, 'openapi')).code, 0);
  const other = await cli(dir, 'openapi', '--check');
  assert.is(other.code, 0, other.output);
  assert.match(other.output, 'src/lib/api/schema.d.ts is the client of API version 2: `next-app-controllers openapi --check --api-version 2` checks it.');
});

const diff = suite('openapi --check: compareDocuments');

diff('a change of OpenAPI version is named first, once, and not again as a JSON path', () => {
  const paths = { '/a': { get: { operationId: 'a' } } };
  assert.equal(describeChanges({ openapi: '3.1.0', paths }, { openapi: '3.2.0', paths }), ['not breaking: OpenAPI version changed: 3.1.0 → 3.2.0']);
  assert.equal(describeChanges({ openapi: '3.2.0', paths }, { openapi: '3.2.0', paths }), []);
});

diff("a stream's item schema is compared, under 3.2's itemSchema or 3.1's x-itemSchema alike", () => {
  const events = (media: Record<string, unknown>) => ({
    openapi: '3.1.0',
    paths: { '/events': { get: { responses: { '200': { description: 'events', content: { 'text/event-stream': { schema: { type: 'string' }, ...media } } } } } } },
  });
  const item = (required: string[]) => ({ type: 'object', properties: { id: { type: 'string' }, title: { type: 'string' } }, required });
  assert.equal(compareDocuments(events({ 'x-itemSchema': item(['id', 'title']) }), events({ itemSchema: item(['id', 'title']) })), []);
  const changes = compareDocuments(events({ 'x-itemSchema': item(['id', 'title']) }), events({ itemSchema: item(['id']) }));
  assert.equal(changes.map((change) => change.breaking), [true], JSON.stringify(changes));
  assert.match(changes[0].message, 'title');
  const removed = compareDocuments(events({ itemSchema: item(['id']) }), events({}));
  assert.equal(removed.map((change) => change.message), ['item schema removed: text/event-stream (GET /events 200 response)']);
});

diff('operations, parameters, bodies, responses and schema fields, each breaking or not; anything else by its JSON path', () => {
  const before = {
    info: { title: 'A', version: '1' },
    paths: {
      '/a': {
        get: { operationId: 'a', responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } } } },
        post: { operationId: 'b', requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } }, responses: {} },
      },
    },
    components: { schemas: { A: { type: 'object', required: ['x'], properties: { x: { type: 'string' }, y: { type: 'string' } } }, Gone: {} } },
  };
  const after = {
    info: { title: 'B', version: '1' },
    paths: {
      '/a': {
        get: {
          operationId: 'a2',
          parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } } },
        },
      },
      '/b': { put: { operationId: 'c', responses: {} } },
    },
    components: { schemas: { A: { type: 'object', required: ['x', 'z'], properties: { x: { type: 'integer' }, z: {} } }, New: {} } },
  };
  assert.equal(describeChanges(before, after), [
    'breaking: parameter added, required: query q (GET /a)',
    'breaking: response type widened: A.x (string → integer)',
    'not breaking: response field added, required: A.z',
    'breaking: response field removed: A.y',
    'not breaking: operation changed: GET /a (operationId)',
    'not breaking: operation added: PUT /b',
    'breaking: operation removed: POST /a',
    'not breaking: schema added: New',
    'not breaking: schema removed: Gone',
    'not breaking: changed: .info.title',
  ]);
  assert.equal(compareDocuments(after, structuredClone(after)), []);
  const shared = { paths: { '/a': { parameters: [{ name: 'x' }], get: {} } } };
  assert.equal(describeChanges(shared, { paths: { '/a': { parameters: [{ name: 'y' }], get: {} } } }), ['not breaking: changed: .paths./a.parameters']);
});

diff('one schema read both ways: a field removed breaks its responses, not its requests; a recursive schema ends', () => {
  const tree = (properties: object): Record<string, unknown> => ({ type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } }, ...properties } });
  const document = (node: Record<string, unknown>) => ({
    paths: {
      '/n': {
        post: {
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } },
          responses: { '201': { description: 'Created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } },
        },
      },
    },
    components: { schemas: { Node: node } },
  });
  assert.equal(describeChanges(document(tree({ label: { type: 'string' } })), document(tree({}))), [
    'not breaking: request field removed: Node.label',
    'breaking: response field removed: Node.label',
  ]);
  const changes = compareDocuments(document(tree({ label: { type: 'string' } })), document(tree({})));
  assert.equal(changes[1], { breaking: true, kind: 'response-field-removed', at: 'Node.label', operation: 'POST /n', message: 'response field removed: Node.label' });
});

diff('a nullable reference (anyOf with null) widens a response and a request alike; only the response breaks', () => {
  const document = (schema: object) => ({
    paths: {
      '/p': {
        put: {
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { owner: schema } } } } },
          responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object', required: ['owner'], properties: { owner: schema } } } } } },
        },
      },
    },
    components: { schemas: { User: { type: 'object' } } },
  });
  const ref = { $ref: '#/components/schemas/User' };
  assert.equal(describeChanges(document(ref), document({ anyOf: [ref, { type: 'null' }] })), [
    'not breaking: request type widened: PUT /p request body.owner (also accepts {"type":"null"})',
    'breaking: response type widened: PUT /p 200 response.owner (may also be {"type":"null"})',
  ]);
});

openapi.run();
client.run();
versions.run();
diff.run();
