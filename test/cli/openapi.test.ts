import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { describeChanges } from '../../generators/document/diff';
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
  assert.match(changed.output, 'openapi.json differs from the sources');
  assert.match(changed.output, 'property added: CreatePostDto.summary');
  assert.match(changed.output, 'operation removed: DELETE /api/posts/{id}');
  assert.equal(snapshot(dir), before);
});

openapi('--check handles a 3.2 document as a 3.1 one: itemSchema and tag parents compared, a change of version named', async () => {
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
  const changed = await cli(dir, 'openapi', '--check');
  assert.is(changed.code, 1);
  assert.match(changed.output, 'OpenAPI version changed: 3.2.0 → 3.1.0');
  assert.match(changed.output, 'operation changed: GET /api/posts/events');
  assert.match(changed.output, 'changed: .tags');
});

openapi('usage errors: --out without a file, an unknown flag', async () => {
  const dir = apiProject();
  const noValue = await cli(dir, 'openapi', '--out');
  assert.is(noValue.code, 2);
  assert.match(noValue.output, "Option '--out <value>' argument missing.");
  const unknown = await cli(dir, 'openapi', '--force');
  assert.is(unknown.code, 2);
  assert.match(unknown.output, 'Valid options: --out, --check, -h/--help.');
});

const client = suite('next-app-controllers generate client');
client.after.each(cleanup);

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
  const stale = await cli(dir, 'openapi', '--check');
  assert.is(stale.code, 1);
  assert.match(stale.output, 'property added: PostDto.slug');
  assert.match(stale.output, 'src/lib/api/schema.d.ts is out of date: run `next-app-controllers generate client`.');

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

const diff = suite('openapi --check: describeChanges');

diff('a change of OpenAPI version is named first, once, and not again as a JSON path', () => {
  const paths = { '/a': { get: { operationId: 'a' } } };
  assert.equal(describeChanges({ openapi: '3.1.0', paths }, { openapi: '3.2.0', paths }), ['OpenAPI version changed: 3.1.0 → 3.2.0']);
  assert.equal(describeChanges({ openapi: '3.2.0', paths }, { openapi: '3.2.0', paths }), []);
});

diff('operations, schemas and properties added, removed and changed; anything else by its JSON path', () => {
  const before = {
    info: { title: 'A', version: '1' },
    paths: { '/a': { get: { operationId: 'a' }, post: { operationId: 'b' } } },
    components: { schemas: { A: { type: 'object', properties: { x: { type: 'string' }, y: { type: 'string' } } }, Gone: {} } },
  };
  const after = {
    info: { title: 'B', version: '1' },
    paths: { '/a': { get: { operationId: 'a2' } }, '/b': { put: { operationId: 'c' } } },
    components: { schemas: { A: { type: 'object', required: ['x'], properties: { x: { type: 'integer' }, z: {} } }, New: {} } },
  };
  assert.equal(describeChanges(before, after), [
    'operation changed: GET /a',
    'operation added: PUT /b',
    'operation removed: POST /a',
    'property changed: A.x',
    'property added: A.z',
    'property removed: A.y',
    'schema changed: A.required',
    'schema added: New',
    'schema removed: Gone',
    'changed: .info.title',
  ]);
  assert.equal(describeChanges(after, structuredClone(after)), []);
  const shared = { paths: { '/a': { parameters: [{ name: 'x' }], get: {} } } };
  assert.equal(describeChanges(shared, { paths: { '/a': { parameters: [{ name: 'y' }], get: {} } } }), ['changed: .paths./a.parameters']);
});

openapi.run();
client.run();
diff.run();
