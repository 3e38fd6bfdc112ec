import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import helpers from 'yeoman-test';
import InitGenerator from '../../generators/init/index';
import ResourceGenerator from '../../generators/resource/index';
import { cleanup, read, tempProject } from './helpers';

const resource = suite('resource generator (yeoman-test)');
resource.after.each(cleanup);

/** Runs a generator with yeoman-test in an existing project folder, without installing anything. */
function runIn(dir: string, Generator: typeof InitGenerator | typeof ResourceGenerator, namespace: string, args: string[] = []) {
  return helpers
    .run(Generator as never, { namespace: `next-app-controllers:${namespace}` })
    .cd(dir)
    .withArguments(args)
    .withOptions({ skipInstall: true } as never);
}

resource('generate resource posts writes the whole resource, its three DTOs (response DTO declared on every route with a body, the list @Paginated), and registers it', async () => {
  const dir = tempProject('src');
  await runIn(dir, InitGenerator, 'init');
  const result = await runIn(dir, ResourceGenerator, 'resource', ['posts']);
  result.assertFileContent('src/features/posts/controller.ts', "@ApiTags('Posts')\n@Controller('/posts')\nexport class PostsController {");
  const source = read(dir, 'src/features/posts/controller.ts');
  for (const route of [
    "import { CreatePostDto, PostDto, UpdatePostDto } from './dto';",
    "@Get('')\n  @Paginated(PostDto, { style: 'offset' })\n  list(@Query(OffsetPageQuery) query: OffsetPageQuery) {",
    'return { items: items.slice(query.offset, query.offset + query.limit), total: items.length };',
    "@Get('/:id')\n  @ApiResponse({ status: 200, type: PostDto })\n  findOne(context: RouteContext) {",
    "@Post('')\n  @HttpCode(201)\n  @ApiResponse({ status: 201, type: PostDto })\n  create(@Body(CreatePostDto) body: CreatePostDto) {",
    "@Put('/:id')\n  @ApiResponse({ status: 200, type: PostDto })\n  replace(context: RouteContext, @Body(CreatePostDto) body: CreatePostDto) {",
    "@Patch('/:id')\n  @ApiResponse({ status: 200, type: PostDto })\n  update(context: RouteContext, @Body(UpdatePostDto) body: UpdatePostDto) {",
    "@Delete('/:id')\n  @HttpCode(204)\n  remove(context: RouteContext) {",
  ]) {
    assert.ok(source.includes(route), route);
  }
  assert.not.match(source, '...body', 'records are built from declared fields only');
  assert.not.match(source, 'query.offset ??', 'the page is @Paginated\'s, not a hand-rolled limit/offset');
  const dto = read(dir, 'src/features/posts/dto.ts');
  assert.ok(dto.includes('export class CreatePostDto {'));
  assert.ok(dto.includes('export class PostDto {\n  @IsString()\n  id!: string;\n\n  @IsString()\n  title!: string;\n\n  @IsString()\n  content!: string;\n}'));
  assert.ok(dto.includes('export class UpdatePostDto {\n  @IsOptional()\n  @IsString()\n  @MinLength(1)\n  title?: string;'));
  assert.not.match(dto, 'ListPostsQuery', 'the page query is the library\'s OffsetPageQuery');
  result.assertFileContent('src/app.ts', "import { PostsController } from './features/posts/controller';");
  result.assertFileContent('src/app.ts', 'controllers: [PostsController],');
});

for (const library of ['zod', 'valibot', 'arktype']) {
  resource(`generate resource posts --schema ${library}: the whole resource on schemas, the list @Paginated`, async () => {
    const dir = tempProject('src');
    await runIn(dir, InitGenerator, 'init');
    await runIn(dir, ResourceGenerator, 'resource', ['posts']).withOptions({ schema: library } as never);
    const source = read(dir, 'src/features/posts/controller.ts');
    for (const route of [
      "  CreatePostSchema,\n  PostSchema,\n  UpdatePostSchema,\n  type CreatePost,\n  type UpdatePost,\n} from './schemas';",
      "@Get('')\n  @Paginated(PostSchema, { style: 'offset' })\n  list(@Query(OffsetPageQuery) query: OffsetPageQuery) {",
      "@Post('')\n  @HttpCode(201)\n  @ApiResponse({ status: 201, type: PostSchema })\n  create(@Body(CreatePostSchema) body: CreatePost) {",
      "@Patch('/:id')\n  @ApiResponse({ status: 200, type: PostSchema })\n  update(context: RouteContext, @Body(UpdatePostSchema) body: UpdatePost) {",
    ]) {
      assert.ok(source.includes(route), route);
    }
    const schemas = read(dir, 'src/features/posts/schemas.ts');
    for (const name of ['CreatePostSchema', 'PostSchema', 'UpdatePostSchema']) assert.match(schemas, `export const ${name} = `);
    assert.not.match(schemas, 'ListPostsQuery');
  });
}

resource('blog-post then BlogPost: the same files and one registration, nothing duplicated', async () => {
  const dir = tempProject('src');
  await runIn(dir, InitGenerator, 'init');
  await runIn(dir, ResourceGenerator, 'resource', ['blog-post']);
  const again = await runIn(dir, ResourceGenerator, 'resource', ['BlogPost']);
  again.assertFileContent('src/features/blog-post/controller.ts', 'export class BlogPostController');
  assert.is(read(dir, 'src/app.ts').match(/BlogPostController/g)!.length, 2, 'one import, one array entry');
});

resource.run();
