import 'reflect-metadata';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import { IsInt, IsString } from 'class-validator';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as z from 'zod';
import { ApiTags, Body, Controller, createApplication, Get, Post, Version, WebhookEvent, type OpenApiDocument } from '../../runtime/index';
import { createDocumentGenerator } from '../../runtime/openapi/index';

// Issue 43, item 2: `@WebhookEvent` puts the events a controller sends under the document's top-level `webhooks`, each
// a POST of the Standard Webhooks envelope that sendWebhook sends, with its signature headers and a 2xx.

class OrderCreatedDto {
  @IsString() orderId!: string;
  @IsInt() total!: number;
}
class CreateOrderDto {
  @IsInt() total!: number;
}
const OrderShipped = z.object({ orderId: z.string(), carrier: z.enum(['ups', 'dhl']) });

@Controller('/orders')
@ApiTags('Orders')
@WebhookEvent('order.created', OrderCreatedDto)
@WebhookEvent('order.shipped', OrderShipped)
class OrdersController {
  @Post('')
  create(@Body(CreateOrderDto) body: CreateOrderDto) {
    return { orderId: 'o_1', ...body };
  }
}

@Controller('/health')
class HealthController {
  @Get('')
  check() {
    return { ok: true };
  }
}

const app = createApplication({ controllers: [OrdersController, HealthController], basePath: '/api' });

test('3.1: webhooks holds each event as a signed POST of { type, timestamp, data }; swagger-parser and the official schema find it valid', async () => {
  const document = await createDocumentGenerator()({ title: 'Shop', applications: [app] });
  assert.equal(Object.keys(document.webhooks ?? {}), ['order.created', 'order.shipped']);
  const created = document.webhooks!['order.created'].post!;
  assert.equal(created.tags, ['Orders']);
  assert.equal(created.parameters!.map((parameter) => [parameter.name, parameter.in, parameter.required]), [
    ['webhook-id', 'header', true],
    ['webhook-timestamp', 'header', true],
    ['webhook-signature', 'header', true],
  ]);
  assert.equal(created.requestBody!.content['application/json'].schema, {
    type: 'object',
    required: ['type', 'timestamp', 'data'],
    properties: { type: { type: 'string', const: 'order.created' }, timestamp: { type: 'string', format: 'date-time' }, data: { $ref: '#/components/schemas/OrderCreatedDto' } },
  });
  assert.ok(Object.keys(created.responses).some((status) => status.startsWith('2')));
  assert.ok(document.components.schemas.OrderCreatedDto, 'the DTO is a component');
  const shipped = document.webhooks!['order.shipped'].post!.requestBody!.content['application/json'].schema as { properties: { data: unknown } };
  assert.equal(shipped.properties.data, { type: 'object', properties: { orderId: { type: 'string' }, carrier: { type: 'string', enum: ['ups', 'dhl'] } }, required: ['orderId', 'carrier'], additionalProperties: false });
  await SwaggerParser.validate(structuredClone(document) as never);
  const result = await new Validator().validate(structuredClone(document) as never);
  assert.ok(result.valid, JSON.stringify(result.errors));
});

test('3.2: the same webhooks, valid against the official 3.2 schema', async () => {
  const document = await createDocumentGenerator()({ title: 'Shop', applications: [app], openapi: '3.2' });
  assert.is(document.openapi, '3.2.0');
  assert.equal(Object.keys(document.webhooks ?? {}), ['order.created', 'order.shipped']);
  const result = await new Validator().validate(structuredClone(document) as never);
  assert.ok(result.valid, JSON.stringify(result.errors));
});

test('no @WebhookEvent, no webhooks; the controllers option leaves out the events of controllers it leaves out', async () => {
  const generate = createDocumentGenerator();
  const plain = createApplication({ controllers: [HealthController], basePath: '/plain' });
  assert.is((await generate({ title: 'Plain', applications: [plain] })).webhooks, undefined);
  assert.is((await generate({ title: 'Shop', applications: [app], controllers: [HealthController] })).webhooks, undefined);
});

test('versioned: a per-version document lists the events of the controllers it documents', async () => {
  @Controller('/v2only')
  @Version('2')
  @WebhookEvent('thing.made', OrderCreatedDto)
  class V2Controller {
    @Get('')
    list() {
      return [];
    }
  }
  @Controller('/always')
  @Version('1')
  class V1Controller {
    @Get('')
    list() {
      return [];
    }
  }
  const versioned = createApplication({ controllers: [V1Controller, V2Controller], basePath: '/versioned', versioning: { type: 'uri' } });
  const generate = createDocumentGenerator();
  const v1: OpenApiDocument = await generate({ title: 'V', applications: [versioned], apiVersion: '1' });
  const v2: OpenApiDocument = await generate({ title: 'V', applications: [versioned], apiVersion: '2' });
  assert.is(v1.webhooks, undefined);
  assert.equal(Object.keys(v2.webhooks ?? {}), ['thing.made']);
});

test('one event type with two payloads, or a payload that is neither a class nor a schema, is an error naming it', async () => {
  @Controller('/other')
  @WebhookEvent('order.created', CreateOrderDto)
  class OtherController {
    @Get('')
    list() {
      return [];
    }
  }
  @Controller('/bad')
  @WebhookEvent('bad.event', { not: 'a schema' } as never)
  class BadController {
    @Get('')
    list() {
      return [];
    }
  }
  const generate = createDocumentGenerator();
  const twice = createApplication({ controllers: [OrdersController, OtherController], basePath: '/twice' });
  await generate({ title: 'T', applications: [twice] }).then(
    () => assert.unreachable('expected an error'),
    (error: Error) => assert.match(error.message, "the event 'order.created' is declared by OrdersController and OtherController with different payloads"),
  );
  const bad = createApplication({ controllers: [BadController], basePath: '/bad-app' });
  await generate({ title: 'B', applications: [bad] }).then(
    () => assert.unreachable('expected an error'),
    (error: Error) => assert.match(error.message, "@WebhookEvent on BadController ('bad.event') takes a DTO class or a Standard Schema"),
  );
});

test.run();
