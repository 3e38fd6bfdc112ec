import { stripVTControlCharacters } from 'node:util';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, read, run, snapshot, tempProject, write } from './helpers';

const controller = suite('controller generator');
controller.after.each(cleanup);

async function initialised(layout: 'src' | 'root' = 'src'): Promise<string> {
  const dir = tempProject(layout);
  await run('init', dir);
  return dir;
}

controller('generate controller posts writes the controller and DTO and registers PostsController', async () => {
  const dir = await initialised();
  const { summary, error } = await run('controller', dir, ['posts']);
  assert.is(error, undefined);
  const source = read(dir, 'src/features/posts/controller.ts');
  assert.ok(source.includes("import { ApiResponse, ApiTags, Body, Controller, Get, HttpCode, Post, type RouteContext } from 'next-app-controllers';"));
  assert.ok(source.includes("@ApiTags('Posts')\n@Controller('/posts')"), 'Swagger UI groups the routes under the controller');
  assert.ok(source.includes("import { CreatePostDto, PostDto } from './dto';"));
  assert.ok(source.includes("@Controller('/posts')\nexport class PostsController {"));
  assert.ok(source.includes("@Get('')\n  @ApiResponse({ status: 200, type: PostDto, isArray: true })\n  list() {"));
  assert.ok(source.includes("@Get('/:id')\n  @ApiResponse({ status: 200, type: PostDto })\n  findOne(context: RouteContext) {"));
  assert.ok(source.includes("return context.json({ message: 'Post not found' }, { status: 404 });"));
  assert.ok(source.includes("@Post('')\n  @HttpCode(201)\n  @ApiResponse({ status: 201, type: PostDto })\n  create(@Body(CreatePostDto) body: CreatePostDto) {"));
  assert.not.ok(/export const (runtime|dynamic)/.test(source), 'no route segment config (a build error with cacheComponents)');
  const dto = read(dir, 'src/features/posts/dto.ts');
  assert.ok(dto.includes('export class CreatePostDto {\n  @IsString()\n  @MinLength(1)\n  title!: string;'));
  assert.ok(dto.includes('export class PostDto {\n  @IsString()\n  id!: string;\n\n  @IsString()\n  title!: string;\n\n  @IsString()\n  content!: string;\n}'));
  assert.is(
    read(dir, 'src/app.ts'),
    "import { createApplication } from 'next-app-controllers';\nimport { PostsController } from './features/posts/controller';\n\nexport const app = createApplication({\n  controllers: [PostsController],\n  // For class-validator DTOs: a field the DTO does not declare is a 422 naming it. Zod, Valibot and ArkType\n  // schemas decide for themselves (a z.object drops unknown keys, a z.strictObject answers a 422).\n  validation: { whitelist: true, forbidNonWhitelisted: true },\n});\n",
  );
  assert.equal(summary!.written, ['src/features/posts/controller.ts', 'src/features/posts/dto.ts']);
  assert.equal(summary!.updated, ['src/app.ts']);
});

for (const [library, expected] of [
  ['zod', ["import * as z from 'zod';", "  .meta({ id: 'CreatePost' });", 'export type CreatePost = z.output<typeof CreatePostSchema>;', "  .meta({ id: 'Post' });"]],
  ['valibot', ["import * as v from 'valibot';", "export const CreatePostSchema = ApiSchema({ name: 'CreatePost' })(", 'export type CreatePost = v.InferOutput<typeof CreatePostSchema>;']],
  ['arktype', ["import { type } from 'arktype';", "export const PostSchema = ApiSchema({ name: 'Post' })(", "    '+': 'delete',", 'export type CreatePost = typeof CreatePostSchema.infer;']],
] as const) {
  controller(`generate controller posts --schema ${library} writes schemas.ts instead of dto.ts, and the controller uses them`, async () => {
    const dir = await initialised();
    const { summary, error } = await run('controller', dir, ['posts'], { schema: library });
    assert.is(error, undefined);
    const source = read(dir, 'src/features/posts/controller.ts');
    assert.ok(source.includes("import { CreatePostSchema, PostSchema, type CreatePost } from './schemas';"));
    assert.ok(source.includes("@Get('')\n  @ApiResponse({ status: 200, type: PostSchema, isArray: true })\n  list() {"));
    assert.ok(source.includes("@Post('')\n  @HttpCode(201)\n  @ApiResponse({ status: 201, type: PostSchema })\n  create(@Body(CreatePostSchema) body: CreatePost) {"));
    const schemas = read(dir, 'src/features/posts/schemas.ts');
    for (const line of expected) assert.ok(schemas.includes(line), line);
    assert.not.ok(existsSync(join(dir, 'src/features/posts/dto.ts')));
    assert.equal(summary!.written, ['src/features/posts/controller.ts', 'src/features/posts/schemas.ts']);
    assert.ok(read(dir, 'src/app.ts').includes('controllers: [PostsController],'));
  });
}

controller('--schema installs what package.json lacks (Valibot with its JSON Schema converter), with the pinned versions; nothing when it is listed', async () => {
  const dir = await initialised();
  const { summary, output } = await run('controller', dir, ['posts'], { schema: 'valibot' });
  assert.equal(summary!.installed, ['valibot@^1.5.0', '@valibot/to-json-schema@^1.8.0']);
  assert.match(stripVTControlCharacters(output), 'npm install valibot@^1.5.0 @valibot/to-json-schema@^1.8.0');
  const pkg = JSON.parse(read(dir, 'package.json'));
  write(dir, 'package.json', JSON.stringify({ ...pkg, dependencies: { ...pkg.dependencies, zod: '^4.0.0' } }));
  const listed = await run('controller', dir, ['users'], { schema: 'zod' });
  assert.equal(listed.summary!.installed, []);
  assert.equal(listed.summary!.manual, []);
});

controller('--schema with another library, or none, fails before writing anything and says what it takes', async () => {
  const dir = await initialised();
  const before = snapshot(dir);
  const { error } = await run('controller', dir, ['posts'], { schema: 'yup' });
  assert.is(
    error?.message,
    '--schema takes zod, valibot, arktype or class-validator (DTO classes), got "yup". Without --schema the feature follows the project\'s other features, else is written with class-validator DTO classes.',
  );
  assert.equal(snapshot(dir), before);
});

controller('blog-post and BlogPost both give BlogPostController in features/blog-post, registered once', async () => {
  const dir = await initialised();
  await run('controller', dir, ['blog-post']);
  const first = snapshot(dir);
  const { summary } = await run('controller', dir, ['BlogPost']);
  assert.equal(snapshot(dir), first);
  assert.ok(read(dir, 'src/features/blog-post/controller.ts').includes("@Controller('/blog-post')\nexport class BlogPostController {"));
  assert.is(read(dir, 'src/app.ts').match(/BlogPostController/g)!.length, 2, 'one import, one array entry');
  assert.ok(summary!.unchanged.includes('src/app.ts (already registers BlogPostController)'));
});

controller('a second controller is appended to the array', async () => {
  const dir = await initialised();
  await run('controller', dir, ['posts']);
  await run('controller', dir, ['users']);
  assert.ok(read(dir, 'src/app.ts').includes('controllers: [PostsController, UsersController],'));
});

controller('root layout: features/ next to app.ts', async () => {
  const dir = await initialised('root');
  await run('controller', dir, ['posts']);
  assert.ok(existsSync(join(dir, 'features/posts/controller.ts')));
  assert.ok(read(dir, 'app.ts').includes("import { PostsController } from './features/posts/controller';"));
});

controller('an unrecognisable app.ts is left untouched and the two lines to add are printed', async () => {
  const dir = await initialised();
  const custom = "import { createApplication } from 'next-app-controllers';\nimport { controllers } from './controllers';\n\nexport const app = createApplication({ controllers });\n";
  write(dir, 'src/app.ts', custom);
  const { summary, output, error } = await run('controller', dir, ['posts']);
  assert.is(error, undefined);
  assert.is(read(dir, 'src/app.ts'), custom);
  assert.ok(existsSync(join(dir, 'src/features/posts/controller.ts')));
  assert.match(output, "import { PostsController } from './features/posts/controller';");
  assert.match(output, 'PostsController],');
  assert.is(summary!.manual.length, 1);
});

controller('without an app module it writes the files and says to run init', async () => {
  const dir = tempProject('src');
  const { summary } = await run('controller', dir, ['posts']);
  assert.ok(existsSync(join(dir, 'src/features/posts/dto.ts')));
  assert.match(summary!.manual[0], 'run `next-app-controllers init` first');
});

controller('bad names: clear error, nothing written', async () => {
  const dir = await initialised();
  const before = snapshot(dir);
  for (const [name, message] of [
    ['../evil', 'must not contain a path separator'],
    ['a/b', 'must not contain a path separator'],
    ['..', 'must not contain ".."'],
    ['9lives', 'starting with a letter'],
    ['my posts', 'so that it can make a class name'],
  ]) {
    const { error } = await run('controller', dir, [name]);
    assert.ok(error, name);
    assert.match(error!.message, message);
  }
  assert.equal(snapshot(dir), before);
});

controller('existing controller files are kept without --force and overwritten with it', async () => {
  const dir = await initialised();
  await run('controller', dir, ['posts']);
  write(dir, 'src/features/posts/controller.ts', '// edited\n');
  const kept = await run('controller', dir, ['posts']);
  assert.is(read(dir, 'src/features/posts/controller.ts'), '// edited\n');
  assert.equal(kept.summary!.skipped, ['src/features/posts/controller.ts']);
  const forced = await run('controller', dir, ['posts'], { force: true });
  assert.ok(read(dir, 'src/features/posts/controller.ts').includes('export class PostsController'));
  assert.ok(forced.summary!.written.includes('src/features/posts/controller.ts'));
});

// Regression: the kept file exported another class, yet OrdersController was imported into app.ts (tsc: TS2724).
controller('a kept controller.ts that exports another class is not registered, and the summary says why', async () => {
  const dir = await initialised();
  const { mkdirSync } = await import('node:fs');
  mkdirSync(join(dir, 'src/features/orders'), { recursive: true });
  write(dir, 'src/features/orders/controller.ts', 'export class OrderApi {}\n');
  const appModule = read(dir, 'src/app.ts');
  const { summary, output, error } = await run('controller', dir, ['orders']);
  assert.is(error, undefined);
  assert.is(read(dir, 'src/app.ts'), appModule);
  assert.equal(summary!.skipped, ['src/features/orders/controller.ts']);
  assert.ok(summary!.manual.some((step) => step.includes('does not export OrdersController, so it was not registered in src/app.ts')));
  assert.not.match(output, 'served by');
});

controller('a kept controller.ts that does export the class is still registered', async () => {
  const dir = await initialised();
  const { mkdirSync } = await import('node:fs');
  mkdirSync(join(dir, 'src/features/orders'), { recursive: true });
  write(dir, 'src/features/orders/controller.ts', "import { Controller } from 'next-app-controllers';\n\n@Controller('/orders')\nexport class OrdersController {}\n");
  await run('controller', dir, ['orders']);
  assert.ok(read(dir, 'src/app.ts').includes('controllers: [OrdersController],'));
});

// Regression: with src/app/api/hello/route.ts present, the summary said GET /api/hello was served by the controller.
controller('a route file under app/api/<name> that answers first is named in a warning, with the fix', async () => {
  const dir = await initialised();
  const { mkdirSync } = await import('node:fs');
  mkdirSync(join(dir, 'src/app/api/hello'), { recursive: true });
  write(dir, 'src/app/api/hello/route.ts', 'export function GET() { return Response.json({}); }\n');
  const { summary, output } = await run('controller', dir, ['hello']);
  assert.equal(summary!.warnings.length, 1);
  assert.match(summary!.warnings[0], 'src/app/api/hello/route.ts already answers requests under /api/hello: Next.js serves that file before the catch-all route');
  assert.match(summary!.warnings[0], 'delete it, or give the controller another prefix');
  assert.not.match(output, 'served by HelloController');
});

controller("the edit of app.ts shows as `update` in Yeoman's log, never `force`", async () => {
  const dir = await initialised();
  const output = stripVTControlCharacters((await run('controller', dir, ['posts'])).output);
  assert.match(output, 'update src/app.ts');
  assert.not.match(output, 'force');
});

controller.run();
