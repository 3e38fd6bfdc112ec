import { Type } from 'class-transformer';
// @ts-ignore class-transformer declares no types for its build folders.
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { IsString, ValidateNested } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSchemas, loadSchemaTools, type SchemaTools } from '../../runtime/openapi/schemas/schemas';

class LineDto {
  @IsString()
  sku!: string;
}

class OrderDto {
  @ValidateNested({ each: true })
  @Type(() => LineDto)
  lines!: LineDto[];
}

const schemaToolsSuite = suite('loadSchemaTools');

schemaToolsSuite('loads the class-transformer storage the DTOs registered on (cjs under plain Node)', async () => {
  const tools = await loadSchemaTools();
  assert.ok(tools.transformerStorages.includes(defaultMetadataStorage));
  assert.ok(defaultMetadataStorage.findTypeMetadata(OrderDto, 'lines'));
});

schemaToolsSuite.run();

const build = suite('buildSchemas');

// Regression: inside a Next.js bundle the DTOs register @Type on class-transformer's esm5 copy, and the cjs copy
// that class-validator-jsonschema reads by default is empty, so arrays of nested DTOs lost their items.$ref.
build('keeps items.$ref of an array of nested DTOs when the DTOs registered on another copy of class-transformer', async () => {
  const tools = await loadSchemaTools();
  const emptyCopy = new (defaultMetadataStorage.constructor as new () => typeof defaultMetadataStorage)();
  const inBundle: SchemaTools = { ...tools, transformerStorages: [emptyCopy, defaultMetadataStorage] };
  const schemas = buildSchemas([OrderDto], inBundle);
  assert.equal(Object.keys(schemas), ['LineDto', 'OrderDto']);
  assert.equal((schemas.OrderDto as { properties: Record<string, unknown> }).properties.lines, {
    items: { $ref: '#/components/schemas/LineDto' },
    type: 'array',
  });
});

build('loses the nested class when only a copy without the @Type metadata is asked (the hazard itself)', async () => {
  class LonelyLineDto {
    @IsString()
    sku!: string;
  }
  class LonelyOrderDto {
    @ValidateNested({ each: true })
    @Type(() => LonelyLineDto)
    lines!: LonelyLineDto[];
  }
  const tools = await loadSchemaTools();
  const emptyCopy = new (defaultMetadataStorage.constructor as new () => typeof defaultMetadataStorage)();
  const schemas = buildSchemas([LonelyOrderDto], { ...tools, transformerStorages: [emptyCopy] });
  assert.equal(Object.keys(schemas), ['LonelyOrderDto']);
});

build('sorts components by name and documents a class without validation decorators as an object', async () => {
  class ZebraDto {}
  class AppleDto {
    @IsString()
    name!: string;
  }
  const schemas = buildSchemas([ZebraDto, AppleDto], await loadSchemaTools());
  assert.equal(Object.keys(schemas), ['AppleDto', 'ZebraDto']);
  assert.equal(schemas.ZebraDto, { type: 'object' });
});

build.run();
