import { validate } from '@readme/openapi-parser';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ApiOperation,
  ApiResponse,
  Controller,
  Deprecated,
  Get,
  Post,
  Query,
  VERSION_NEUTRAL,
  Version,
  createApplication,
  generateOpenApiDocument,
  type OpenApiDocument,
  type RouteContext,
  type VersioningOptions,
} from '../../runtime/index';

class ArticleV1Dto {
  @IsString()
  name!: string;
}

class ArticleV2Dto {
  @IsString()
  title!: string;
}

class ListArticlesQuery {
  @IsOptional()
  @IsInt()
  limit?: number;
}

@Version('1')
@Deprecated({ sunset: '2027-06-30' })
@Controller('/articles')
class ArticlesV1Controller {
  @Get('')
  @ApiResponse({ status: 200, type: ArticleV1Dto, isArray: true })
  list() {
    return [];
  }
}

@Version('2')
@Controller('/articles')
class ArticlesV2Controller {
  @Get('')
  @ApiResponse({ status: 200, type: ArticleV2Dto, isArray: true })
  list(@Query(ListArticlesQuery) _query: ListArticlesQuery) {
    return [];
  }

  @Post('')
  create() {
    return {};
  }

  @Get('/:id')
  @Version(['1', '2'])
  @ApiOperation({ operationId: 'getArticle' })
  findOne(context: RouteContext) {
    return { id: context.params.id };
  }
}

@Controller('/status')
class StatusController {
  @Get('')
  @Version(VERSION_NEUTRAL)
  status() {
    return {};
  }
}

const CONTROLLERS = [ArticlesV1Controller, ArticlesV2Controller, StatusController];

function documentOf(versioning: VersioningOptions, apiVersion?: string, options: { version?: string } = {}) {
  const app = createApplication({ controllers: CONTROLLERS, versioning, basePath: `/api-${versioning.type}-${versioning.defaultVersion ?? 'none'}` });
  return generateOpenApiDocument({ title: 'Articles', apiVersion, applications: [app], ...options });
}

/** `METHOD path operationId` of every operation. */
function operations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation!.operationId}`));
}

async function assertValid(document: OpenApiDocument) {
  const result = await validate(structuredClone(document) as never);
  assert.ok(result.valid, JSON.stringify((result as { errors?: unknown }).errors));
}

const perVersion = suite('generateOpenApiDocument({ apiVersion })');

perVersion("URI versioning: the version's routes and the neutral ones, at the paths a client of that version calls", async () => {
  const v2 = await documentOf({ type: 'uri' }, '2');
  assert.equal(operations(v2), [
    'GET /api-uri-none/v2/articles ArticlesV2Controller_list',
    'POST /api-uri-none/v2/articles ArticlesV2Controller_create',
    'GET /api-uri-none/v2/articles/{id} getArticle',
    'GET /api-uri-none/status StatusController_status',
  ]);
  const v1 = await documentOf({ type: 'uri' }, '1');
  assert.equal(operations(v1), [
    'GET /api-uri-none/v1/articles ArticlesV1Controller_list',
    'GET /api-uri-none/v1/articles/{id} getArticle',
    'GET /api-uri-none/status StatusController_status',
  ]);
  // Only the schemas the version's operations use.
  assert.equal(Object.keys(v2.components.schemas).filter((name) => name.startsWith('Article')), ['ArticleV2Dto']);
  assert.equal(Object.keys(v1.components.schemas).filter((name) => name.startsWith('Article')), ['ArticleV1Dto']);
  await assertValid(v1);
  await assertValid(v2);
});

perVersion('info.version defaults to the API version, the version option still wins; info["x-api-version"] names it', async () => {
  assert.equal((await documentOf({ type: 'uri' }, '2')).info, { title: 'Articles', version: '2', 'x-api-version': '2' });
  assert.equal((await documentOf({ type: 'uri' }, '2', { version: '2.3.0' })).info, { title: 'Articles', version: '2.3.0', 'x-api-version': '2' });
  assert.equal((await documentOf({ type: 'uri' })).info, { title: 'Articles', version: '1.0.0' });
});

perVersion('header versioning: the same paths, and a header parameter with the version, required unless it is the default', async () => {
  const v2 = await documentOf({ type: 'header', header: 'X-API-Version' }, '2');
  assert.equal(operations(v2), [
    'GET /api-header-none/articles ArticlesV2Controller_list',
    'POST /api-header-none/articles ArticlesV2Controller_create',
    'GET /api-header-none/articles/{id} getArticle',
    'GET /api-header-none/status StatusController_status',
  ]);
  const list = v2.paths['/api-header-none/articles'].get!;
  // The @Query DTO's parameters are kept beside it.
  assert.equal(
    list.parameters!.map((parameter) => [parameter.name, parameter.in, parameter.required]),
    [
      ['limit', 'query', false],
      ['X-API-Version', 'header', true],
    ],
  );
  assert.equal(list.parameters![1].schema, { type: 'string', enum: ['2'] });
  assert.is(v2.paths['/api-header-none/status'].get!.parameters, undefined, 'a neutral route answers any version: no parameter');
  const defaulted = await documentOf({ type: 'header', header: 'X-API-Version', defaultVersion: '2' }, '2');
  assert.is(defaulted.paths['/api-header-2/articles'].get!.parameters![1].required, false);
  await assertValid(v2);
});

perVersion("media-type versioning: each success response's media types carry the version parameter (what Swagger UI sends as Accept)", async () => {
  const v1 = await documentOf({ type: 'media-type' }, '1');
  const responses = v1.paths['/api-media-type-none/articles'].get!.responses;
  assert.equal(Object.keys((responses['200'] as { content: object }).content), ['application/json; version=1']);
  // A success response without a declared body gets a media type too: the client must send the version.
  assert.equal((v1.paths['/api-media-type-none/articles/{id}'].get!.responses['200'] as { content: object }).content, { 'application/json; version=1': { schema: {} } });
  // Error responses and neutral routes keep theirs.
  assert.equal(Object.keys(v1.paths['/api-media-type-none/status'].get!.responses['200']), ['description']);
  const v2 = await documentOf({ type: 'media-type', key: 'v' }, '2');
  assert.equal(Object.keys((v2.paths['/api-media-type-none/articles'].get!.responses['200'] as { content: object }).content), ['application/json; v=2']);
  await assertValid(v1);
});

perVersion('a deprecated route is deprecated: true in the document', async () => {
  const v1 = await documentOf({ type: 'uri' }, '1');
  assert.is(v1.paths['/api-uri-none/v1/articles'].get!.deprecated, true);
  assert.is(v1.paths['/api-uri-none/v1/articles/{id}'].get!.deprecated, undefined);
});

perVersion('an apiVersion no application has, or without versioning, or not a string: refused with what to do', async () => {
  try {
    await documentOf({ type: 'uri' }, '3');
    assert.unreachable();
  } catch (error) {
    assert.is((error as Error).message, "generateOpenApiDocument: apiVersion '3' is not a version of the documented applications; their versions are '1', '2'.");
  }
  const plain = createApplication({ controllers: [], basePath: '/api-plain' });
  try {
    await generateOpenApiDocument({ title: 'T', apiVersion: '1', applications: [plain] });
    assert.unreachable();
  } catch (error) {
    assert.is((error as Error).message, "generateOpenApiDocument: apiVersion '1' was given, but no documented application has versioning: create it with createApplication({ versioning }).");
  }
  try {
    await generateOpenApiDocument({ title: 'T', apiVersion: 2 as never, applications: [plain] });
    assert.unreachable();
  } catch (error) {
    assert.is((error as Error).message, "generateOpenApiDocument({ apiVersion }) takes a version as a string, e.g. { apiVersion: '2' }, got number.");
  }
});

const combined = suite('generateOpenApiDocument without apiVersion, for a versioned application');

combined('URI versioning: every version, newest first; a route at several paths gets its operationIds suffixed with the version', async () => {
  const document = await documentOf({ type: 'uri' });
  assert.equal(operations(document), [
    'GET /api-uri-none/v2/articles ArticlesV2Controller_list',
    'POST /api-uri-none/v2/articles ArticlesV2Controller_create',
    'GET /api-uri-none/v2/articles/{id} getArticle_v2',
    'GET /api-uri-none/status StatusController_status',
    'GET /api-uri-none/v1/articles ArticlesV1Controller_list',
    'GET /api-uri-none/v1/articles/{id} getArticle_v1',
  ]);
  await assertValid(document);
});

combined("header versioning: one operation per method and path, the newest version's; its parameter lists every version the route answers", async () => {
  const document = await documentOf({ type: 'header', header: 'X-API-Version' });
  assert.equal(operations(document), [
    'GET /api-header-none/articles ArticlesV2Controller_list',
    'POST /api-header-none/articles ArticlesV2Controller_create',
    'GET /api-header-none/articles/{id} getArticle',
    'GET /api-header-none/status StatusController_status',
  ]);
  assert.equal(document.paths['/api-header-none/articles/{id}'].get!.parameters!.at(-1)!.schema, { type: 'string', enum: ['1', '2'] });
  await assertValid(document);
});

combined('media-type versioning: a route of two versions lists a media type for each', async () => {
  const document = await documentOf({ type: 'media-type' });
  assert.equal(Object.keys((document.paths['/api-media-type-none/articles/{id}'].get!.responses['200'] as { content: object }).content), [
    'application/json; version=1',
    'application/json; version=2',
  ]);
});

combined('an application without versioning beside a versioned one is documented whole, in every version', async () => {
  @Controller('/plain')
  class PlainController {
    @Get('')
    plain() {
      return {};
    }
  }
  const versioned = createApplication({ controllers: CONTROLLERS, versioning: { type: 'uri' }, basePath: '/api-mixed' });
  const plain = createApplication({ controllers: [PlainController], basePath: '/api-mixed-plain' });
  const document = await generateOpenApiDocument({ title: 'Mixed', apiVersion: '1', applications: [versioned, plain] });
  assert.ok(operations(document).includes('GET /api-mixed-plain/plain PlainController_plain'));
  assert.ok(operations(document).includes('GET /api-mixed/v1/articles ArticlesV1Controller_list'));
});

perVersion.run();
combined.run();
