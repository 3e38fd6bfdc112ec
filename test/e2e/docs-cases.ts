import { validate } from '@readme/openapi-parser';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import type { ExampleSuite } from './example-suite';
import { ROOT, send } from './harness';

const OPERATIONS = [
  'OrdersController_cancel',
  'OrdersController_create',
  'OrdersController_findOne',
  'OrdersController_list',
  'PostsController_byTag',
  'PostsController_create',
  'PostsController_findOne',
  'PostsController_list',
  'PostsController_remove',
  'PostsController_replace',
  'PostsController_search',
  'PostsController_update',
  'SystemController_fail',
  'SystemController_health',
];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Follows a local `$ref` (`#/components/responses/ValidationFailed`) to what it points at. */
function resolve(document: any, node: any): any {
  if (typeof node?.$ref !== 'string') return node;
  return resolve(
    document,
    node.$ref
      .slice(2)
      .split('/')
      .reduce((value: any, key: string) => value?.[key], document),
  );
}

/** `/api/openapi.json` and `/api-docs` of the production build. */
export function docsCases({ test, server }: ExampleSuite): void {
  const get = (path: string) => send(server().port, 'GET', path);

  test('/api/openapi.json is an OpenAPI 3.1 document that a validator accepts', async () => {
    const response = await get('/api/openapi.json');
    assert.is(response.status, 200);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    const document = response.json();
    assert.is(document.openapi, '3.1.0');
    const result = await validate(document);
    assert.ok(result.valid, JSON.stringify(result));
  });

  test('/api/openapi.json documents every controller route with the real (unminified) class names', async () => {
    const document = (await get('/api/openapi.json')).json();
    assert.equal(Object.keys(document.paths).sort(), [
      // Issue 53: the notes page's route, also its form's Server Action.
      '/api/notes',
      '/api/orders',
      '/api/orders/{id}',
      '/api/posts',
      // Issue 42: @Paginated, cursor and offset.
      '/api/posts/feed',
      '/api/posts/pages',
      '/api/posts/search',
      '/api/posts/tags/{tag}',
      '/api/posts/{id}',
      // Issue 41: the example's route behind an API key.
      '/api/reports/summary',
      '/api/streams/download',
      '/api/streams/report.csv',
      '/api/streams/status',
      '/api/streams/ticks',
      '/api/system/echo',
      '/api/system/fail',
      '/api/system/health',
      '/api/system/limited',
      '/api/system/whoami',
      '/api/users',
      '/api/users/me',
      '/api/users/{id}',
      '/api/users/{id}/avatar',
      // Issue 37: the example's URI versioning, every version's document.
      '/api/v1/authors',
      '/api/v1/authors/count',
      '/api/v1/authors/{id}',
      '/api/v2/authors',
      '/api/v2/authors/count',
      '/api/v2/authors/{id}',
    ]);
    const operationIds: string[] = Object.values(document.paths).flatMap((item: any) => Object.values(item).map((operation: any) => operation.operationId));
    for (const name of OPERATIONS) assert.ok(operationIds.includes(name), `${name} in ${operationIds.join(', ')}`);
    // @All('/echo') is documented under every method.
    assert.ok(operationIds.filter((id) => id.startsWith('SystemController_echo')).length >= 5, operationIds.join(', '));
    assert.equal(document.tags.map((tag: { name: string }) => tag.name), ['posts', 'orders', 'users', 'system', 'streams', 'authors', 'reports', 'notes']);
    // Issue 43: the event OrdersController sends (@WebhookEvent) is under the top-level webhooks, not the paths.
    assert.equal(Object.keys(document.webhooks), ['order.created']);
    assert.equal(document.webhooks['order.created'].post.requestBody.content['application/json'].schema.properties.data, ref('OrderCreatedDto'));
    // Issue 13: a @Form route takes multipart and urlencoded bodies; an IsFile property is a binary string.
    const avatar = document.paths['/api/users/{id}/avatar'].put;
    assert.equal(Object.keys(avatar.requestBody.content), ['multipart/form-data', 'application/x-www-form-urlencoded']);
    assert.equal(avatar.requestBody.content['multipart/form-data'].schema, ref('AvatarForm'));
    assert.equal(document.components.schemas.AvatarForm.properties.avatar, { type: 'string', format: 'binary' });

    const create = document.paths['/api/posts'].post;
    assert.equal(create.requestBody.content['application/json'].schema, ref('CreatePostDto'));
    assert.equal(resolve(document, create.responses['422']).content['application/json'].schema, ref('ValidationError'));
    assert.equal(document.paths['/api/posts/{id}'].get.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    // Issue 11: the @Query, @Params and @Headers DTOs' properties are parameters (the class names survive the build).
    assert.equal(
      document.paths['/api/posts'].get.parameters.map((parameter: any) => [parameter.name, parameter.in, parameter.required, parameter.schema.type]),
      [
        ['limit', 'query', false, 'integer'],
        ['offset', 'query', false, 'integer'],
        ['tag', 'query', false, 'string'],
      ],
    );
    assert.equal(document.paths['/api/posts/tags/{tag}'].get.parameters, [
      { name: 'tag', in: 'path', required: true, schema: { maxLength: 40, minLength: 1, type: 'string' } },
    ]);
    assert.equal(
      document.paths['/api/system/whoami'].get.parameters.map((parameter: any) => [parameter.name, parameter.in, parameter.required]),
      [
        ['x-api-key', 'header', true],
        ['x-client-version', 'header', false],
      ],
    );
  });

  test('/api/openapi.json carries the DTO schemas, nested DTOs and arrays of them as $refs', async () => {
    const { schemas } = (await get('/api/openapi.json')).json().components;
    for (const name of ['AddressDto', 'CreateOrderDto', 'CreatePostDto', 'OrderItemDto', 'TagDto', 'UpdatePostDto', 'ValidationError']) {
      assert.ok(schemas[name], `components.schemas.${name} in ${Object.keys(schemas).join(', ')}`);
    }
    for (const name of Object.keys(schemas)) assert.ok(name.length > 2, `a schema named "${name}" looks minified`);
    assert.equal([...schemas.CreatePostDto.required].sort(), ['content', 'title']);
    assert.equal(schemas.CreatePostDto.properties.title, { type: 'string', minLength: 1 });
    assert.equal(schemas.CreatePostDto.properties.tags.items, ref('TagDto'));
    assert.equal(schemas.CreateOrderDto.properties.items.items, ref('OrderItemDto'));
    assert.equal(schemas.CreateOrderDto.properties.address, ref('AddressDto'));
    assert.equal([...schemas.CreateOrderDto.required].sort(), ['address', 'customer', 'items']);
  });

  test("/api/openapi.json documents the posts routes' own 404 body with its type, not the library's error schema", async () => {
    const document = (await get('/api/openapi.json')).json();
    for (const method of ['get', 'put', 'patch', 'delete']) {
      const notFound = document.paths['/api/posts/{id}'][method].responses['404'];
      assert.equal(notFound.content['application/json'].schema, ref('PostNotFoundDto'), method);
    }
    assert.equal(document.components.schemas.PostNotFoundDto.required, ['message']);
  });

  test('/api-docs serves the Swagger UI page with a Content-Security-Policy, and its CSS/JS/PNG assets with content types', async () => {
    const page = await get('/api-docs');
    assert.is(page.status, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(String(page.headers['content-security-policy']), /default-src 'none'/);
    assert.match(page.text, /<div id="swagger-ui">/);
    const assets = [...page.text.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
    assert.ok(assets.length >= 5, assets.join(', '));
    for (const asset of assets) {
      assert.ok(asset.startsWith('/api-docs/'), `${asset} is served by the app, not a CDN`);
      const response = await get(asset);
      assert.is(response.status, 200, asset);
      const type = String(response.headers['content-type']);
      const extension = asset.replace(/\?.*$/, '').split('.').pop();
      const expected = { css: /^text\/css/, js: /^(text|application)\/javascript/, png: /^image\/png$/ }[extension as 'css' | 'js' | 'png'];
      assert.ok(expected, `unexpected asset ${asset}`);
      assert.match(type, expected!, `${asset}: ${type}`);
      assert.ok(response.body.length > 0, asset);
      assert.ok(response.headers['cache-control'], `${asset} has a cache header`);
    }
    const bundle = assets.find((asset) => asset.includes('swagger-ui-bundle.js'))!;
    assert.match((await get(bundle)).text.slice(0, 200_000), /SwaggerUIBundle/);
    const init = assets.find((asset) => asset.includes('swagger-initializer.js'))!;
    assert.match((await get(init)).text, /"url":"\/api\/openapi\.json"/);
  });

  test('traversal attempts on /api-docs, sent with raw paths, never return file contents', async () => {
    const secrets = [
      readFileSync(join(ROOT, 'package.json'), 'utf8').slice(0, 60),
      '"name": "swagger-ui-dist"',
      '"name": "next-app-controllers',
      'root:x:0:0',
      'experimentalDecorators',
      'serverExternalPackages',
    ];
    const attempts = [
      '/api-docs/..%2f..%2fpackage.json',
      '/api-docs/..%2F..%2F..%2Fpackage.json',
      '/api-docs/%2e%2e/%2e%2e/package.json',
      '/api-docs/%2e%2e%2f%2e%2e%2fpackage.json',
      '/api-docs/..%5c..%5cpackage.json',
      '/api-docs/..\\..\\package.json',
      '/api-docs/../../package.json',
      '/api-docs/../../../../../../etc/passwd',
      '/api-docs/%2fetc%2fpasswd',
      '/api-docs//etc/passwd',
      '/api-docs/%252e%252e%252fpackage.json',
      '/api-docs/package.json',
      '/api-docs/swagger-ui.css%00.json',
      '/api-docs/..%2f..%2fnext.config.ts',
      '/api-docs/..%2f..%2ftsconfig.json',
      '/api-docs/....//....//package.json',
    ];
    for (const path of attempts) {
      const response = await get(path);
      assert.ok(response.status >= 300 && response.status < 500, `${path} answered ${response.status}`);
      for (const secret of secrets) assert.not.ok(response.text.includes(secret), `${path} (${response.status}) returned file contents`);
    }
  });
}
