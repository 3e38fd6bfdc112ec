import { validate } from '@readme/openapi-parser';
import { IsString } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiResponse, ApiSecurity, Controller, Delete, Get, HttpCode, Post, createApplication } from '../../runtime/index';
import { createDocumentGenerator } from '../../runtime/openapi/index';

class ArticleDto {
  @IsString() title!: string;
}

@Controller('/articles')
@ApiSecurity('bearer')
class ArticlesController {
  @Get('')
  @ApiResponse({ status: 200, type: ArticleDto, isArray: true, description: 'Every article' })
  list() {
    return [];
  }

  @Get('/:slug')
  @ApiResponse({ status: 200, type: ArticleDto })
  @ApiSecurity('apiKey')
  one() {
    return {} as ArticleDto;
  }

  @Post('')
  @HttpCode(201)
  create() {
    return {};
  }

  @Delete('/:slug')
  @HttpCode(204)
  remove() {}
}

@Controller('/health')
class HealthController {
  @Get('')
  check() {
    return 'ok';
  }
}

const app = createApplication({ controllers: [ArticlesController, HealthController] });
const securitySchemes = { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, apiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' } } as const;
const generate = createDocumentGenerator();
const document = () => generate({ title: 'Articles', applications: [app], securitySchemes });

const responses = suite('documented responses');

responses('@ApiResponse({ type, isArray }) is a $ref to the DTO component, or an array of it, and the component exists', async () => {
  const doc = await document();
  assert.equal(doc.paths['/api/articles'].get!.responses['200'], {
    description: 'Every article',
    content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/ArticleDto' } } } },
  });
  assert.equal(doc.paths['/api/articles/{slug}'].get!.responses['200'], {
    description: 'OK',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ArticleDto' } } },
  });
  assert.ok(doc.components.schemas.ArticleDto);
});

responses('without @ApiResponse, the success status is the real one: @HttpCode(201), @HttpCode(204) without content, else 200', async () => {
  const doc = await document();
  assert.equal(doc.paths['/api/articles'].post!.responses['201'], { description: 'Created' });
  assert.equal(doc.paths['/api/articles/{slug}'].delete!.responses['204'], { description: 'No Content' });
  assert.is(doc.paths['/api/articles/{slug}'].delete!.responses['200'], undefined);
  assert.equal(doc.paths['/api/health'].get!.responses['200'], { description: 'OK' });
});

responses.run();

const security = suite('@ApiSecurity and securitySchemes');

security('the schemes are components.securitySchemes, and each operation lists its class and method requirements', async () => {
  const doc = await document();
  assert.equal(doc.components.securitySchemes, { apiKey: securitySchemes.apiKey, bearer: securitySchemes.bearer });
  assert.equal(doc.paths['/api/articles'].get!.security, [{ bearer: [] }]);
  assert.equal(doc.paths['/api/articles/{slug}'].get!.security, [{ bearer: [] }, { apiKey: [] }]);
  // A document that declares security says which operations are public (issue 44).
  assert.equal(doc.paths['/api/health'].get!.security, []);
});

security('a document without any security adds no security: [] to its operations', async () => {
  const doc = await generate({ title: 'Health', applications: [app], controllers: [HealthController] });
  assert.is(doc.paths['/api/health'].get!.security, undefined);
  assert.is(doc.components.securitySchemes, undefined);
});

security('the document with security stays a valid OpenAPI 3.1 document', async () => {
  const result = await validate(structuredClone(await document()) as never);
  assert.ok(result.valid, JSON.stringify((result as { errors?: unknown }).errors));
});

security('an @ApiSecurity name missing from securitySchemes is an error that says what to pass', async () => {
  try {
    await createDocumentGenerator()({ title: 'Articles', applications: [app], securitySchemes: { bearer: securitySchemes.bearer } });
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.is(
      (error as Error).message,
      "generateOpenApiDocument: ArticlesController.one uses @ApiSecurity('apiKey'), but securitySchemes has no 'apiKey'. " +
        "Pass it, e.g. generateOpenApiDocument({ securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } }).",
    );
  }
});

security('@ApiSecurity without a scheme name is refused where it is written', () => {
  assert.throws(() => ApiSecurity(''), (error: Error) => error.message === "@ApiSecurity(name) needs the name of a security scheme, e.g. @ApiSecurity('bearer').");
});

security.run();
