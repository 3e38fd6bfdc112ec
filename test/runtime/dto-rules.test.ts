import { Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsInt, IsOptional, IsString, Max, Min, MinLength, ValidateNested } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Body, Controller, Post, createApplication, generateOpenApiDocument } from '../../runtime/index';
import { jsonOf, postJson } from './helpers';

class AddressDto {
  @IsString()
  @MinLength(1)
  street!: string;
}

class ItemDto {
  @IsString()
  name!: string;

  // @IsInt() below @Min/@Max: class-validator-jsonschema merges their `type: number` over its `integer`.
  @Min(1)
  @Max(100)
  @IsInt()
  quantity!: number;
}

class OrderDto {
  @IsString()
  customer!: string;

  @ValidateNested()
  @Type(() => AddressDto)
  address!: AddressDto;

  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => ItemDto)
  items!: ItemDto[];

  @IsOptional()
  @IsString({ each: true })
  notes?: string[];

  @IsOptional()
  @ValidateNested()
  @Type(() => AddressDto)
  billing?: AddressDto;
}

// class-validator's own docs write an array of nested DTOs as a bare @ValidateNested() on an array-typed property.
class ShipmentDto {
  @ValidateNested()
  @Type(() => ItemDto)
  lines!: ItemDto[];
}
// What TypeScript's emitDecoratorMetadata (and Next.js's SWC) records for `lines!: ItemDto[]`; esbuild (tsx) does not.
Reflect.defineMetadata('design:type', Array, ShipmentDto.prototype, 'lines');

@Controller('/orders')
class OrdersController {
  @Post('')
  create(@Body(OrderDto) order: OrderDto) {
    return { street: order.address.street, items: order.items.length };
  }

  @Post('/shipments')
  ship(@Body(ShipmentDto) shipment: ShipmentDto) {
    return { lines: shipment.lines.length };
  }
}

const app = createApplication({ controllers: [OrdersController], basePath: '/rules' });
const valid = { customer: 'a', address: { street: 's' }, items: [{ name: 'n', quantity: 1 }] };

async function errorsOf(body: unknown): Promise<{ status: number; errors?: { field: string; message: string }[] }> {
  const response = await postJson(app, '/rules/orders', body);
  return { status: response.status, ...((await jsonOf(response)) as object) };
}

const runtime = suite('withDtoRules, through app.handle');

runtime('accepts a valid order', async () => {
  assert.equal((await errorsOf(valid)).status, 200);
});

// Regression, issue 15 row 1: `address: []` reached the handler as an empty object.
runtime('refuses an array where a nested DTO object is declared', async () => {
  const { status, errors } = await errorsOf({ ...valid, address: [] });
  assert.is(status, 422);
  assert.equal(errors, [{ field: 'address', message: 'address must be an object, not an array', in: 'body' }]);
});

runtime('refuses an array of arrays where an array of DTOs is declared, naming the item', async () => {
  const { status, errors } = await errorsOf({ ...valid, items: [[]] });
  assert.is(status, 422);
  assert.equal(errors, [{ field: 'items.0', message: 'items.0 must be an object', in: 'body' }]);
});

runtime('refuses null and primitives inside an array of DTOs', async () => {
  const { errors } = await errorsOf({ ...valid, items: [{ name: 'n', quantity: 1 }, null, 3] });
  assert.equal(errors?.map((error) => error.field), ['items.1', 'items.2']);
});

runtime('refuses a single object where an array of DTOs is declared', async () => {
  const { errors } = await errorsOf({ ...valid, items: { name: 'n', quantity: 1 } });
  assert.ok(errors?.some((error) => error.field === 'items' && error.message === 'items must be an array'));
});

// Regression, issue 15 row 3: a missing `address` reached the handler, which failed reading `street` (500).
runtime('refuses a missing @ValidateNested property that is not @IsOptional', async () => {
  const { status, errors } = await errorsOf({ customer: 'a', items: valid.items });
  assert.is(status, 422);
  assert.equal(errors, [{ field: 'address', message: 'address is required', in: 'body' }]);
});

// Regression, issue 15 row 2: `null` on an @IsOptional field passed validation and broke the handler.
runtime('refuses null on an @IsOptional property, and accepts it left out', async () => {
  assert.equal((await errorsOf({ ...valid, notes: null })).errors, [{ field: 'notes', message: 'notes must not be null: leave it out (add @Nullable() to accept null)', in: 'body' }]);
  assert.equal((await errorsOf({ ...valid, billing: null })).errors, [{ field: 'billing', message: 'billing must not be null: leave it out (add @Nullable() to accept null)', in: 'body' }]);
  assert.is((await errorsOf(valid)).status, 200);
});

runtime('refuses a single value where { each: true } declares an array', async () => {
  assert.equal((await errorsOf({ ...valid, notes: 'x' })).errors, [{ field: 'notes', message: 'notes must be an array', in: 'body' }]);
  assert.is((await errorsOf({ ...valid, notes: ['x'] })).status, 200);
});

runtime('applies the rules inside nested DTOs, and keeps class-validator’s message where it already refused', async () => {
  const { errors } = await errorsOf({ customer: 'a', address: { street: '' }, items: [{ name: 'n' }] });
  assert.equal(errors?.map((error) => error.field).sort(), ['address.street', 'items.0.quantity', 'items.0.quantity', 'items.0.quantity']);
  assert.ok(errors?.every((error) => !error.message.endsWith('is required')));
});

runtime('treats a bare @ValidateNested() on an array-typed property as an array of DTOs', async () => {
  const ship = (body: unknown) => postJson(app, '/rules/orders/shipments', body);
  assert.is((await ship({ lines: [{ name: 'n', quantity: 1 }] })).status, 200);
  const single = (await jsonOf(await ship({ lines: { name: 'n', quantity: 1 } }))) as { errors: unknown };
  assert.equal(single.errors, [{ field: 'lines', message: 'lines must be an array', in: 'body' }]);
});

runtime.run();

const document = suite('the OpenAPI document says the same');

document('marks a nested DTO required, an optional one not nullable, and keeps @IsInt beside @Min/@Max', async () => {
  const doc = await generateOpenApiDocument({ title: 't', applications: [app] });
  const schemas = (doc.components as unknown as { schemas: Record<string, { required?: string[]; properties: Record<string, Record<string, unknown>> }> }).schemas;
  assert.equal(schemas.OrderDto.required, ['customer', 'address', 'items']);
  assert.equal(schemas.OrderDto.properties.address, { $ref: '#/components/schemas/AddressDto' });
  assert.equal(schemas.OrderDto.properties.notes, { type: 'array', items: { type: 'string' } });
  assert.is(schemas.ItemDto.properties.quantity.type, 'integer');
  assert.equal(schemas.ShipmentDto.properties.lines, { type: 'array', items: { $ref: '#/components/schemas/ItemDto' } });
});

document.run();
