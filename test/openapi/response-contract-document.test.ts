import { Exclude, Expose, Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsString, ValidateNested } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiResponse, ApiSchema, Controller, Get, createApplication, generateOpenApiDocument, type Class } from '../../runtime/index';

class PostDto {
  @IsString() id!: string;
  @Exclude() @IsString() secret!: string;
  @Expose({ name: 'created' }) @IsString() createdAt!: string;
}

class UserDto {
  @IsString() name!: string;
}

/** The generic wrapper of the issue: one factory, one component schema per item type. */
function Page<T>(item: Class<T>) {
  @ApiSchema({ name: `${item.name}Page` })
  class PageOf {
    @IsArray() @ValidateNested({ each: true }) @Type(() => item) items!: T[];
    @IsInt() total!: number;
  }
  return PageOf;
}

const PostPage = Page(PostDto);
const UserPage = Page(UserDto);

class PageHolder {
  @ValidateNested() @Type(() => PostPage) latest!: InstanceType<typeof PostPage>;
}

class Pet {
  @IsString() name!: string;
}
class Dog extends Pet {
  @IsIn(['dog']) kind!: 'dog';
  @IsInt() barks!: number;
}
class Cat extends Pet {
  @IsInt() lives!: number;
}
class Owner {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Pet, { discriminator: { property: 'kind', subTypes: [{ name: 'dog', value: Dog }, { name: 'cat', value: Cat }] } })
  pets!: Pet[];
  @ValidateNested()
  @Type(() => Pet, { discriminator: { property: 'kind', subTypes: [{ name: 'dog', value: Dog }, { name: 'cat', value: Cat }] } })
  favourite!: Pet;
}

@Controller('/c')
class ContractController {
  @Get('/posts')
  @ApiResponse({ status: 200, type: PostPage })
  posts() {
    return { items: [], total: 0 };
  }

  @Get('/users')
  @ApiResponse({ status: 200, type: UserPage })
  users() {
    return { items: [], total: 0 };
  }

  @Get('/holder')
  @ApiResponse({ status: 200, type: PageHolder })
  holder() {
    return { latest: { items: [], total: 0 } };
  }

  @Get('/owner')
  @ApiResponse({ status: 200, type: Owner })
  owner() {
    return { pets: [], favourite: { kind: 'cat', name: 'Tom', lives: 9 } };
  }
}

const app = createApplication({ controllers: [ContractController], basePath: '/contract-doc' });
const test = suite('response contract in the document');

const schemaOf = (document: Awaited<ReturnType<typeof generateOpenApiDocument>>, path: string) =>
  (document.paths[path].get!.responses['200'] as unknown as { content: { 'application/json': { schema: unknown } } }).content['application/json'].schema;

test('@ApiSchema names: each made class is its own component, referenced by that name, nested ones too', async () => {
  const document = await generateOpenApiDocument({ title: 't', applications: [app] });
  assert.equal(schemaOf(document, '/contract-doc/c/posts'), { $ref: '#/components/schemas/PostDtoPage' });
  assert.equal(schemaOf(document, '/contract-doc/c/users'), { $ref: '#/components/schemas/UserDtoPage' });
  const schemas = document.components.schemas as Record<string, { properties: Record<string, unknown> }>;
  assert.equal(schemas.PostDtoPage.properties.items, { type: 'array', items: { $ref: '#/components/schemas/PostDto' } });
  assert.equal(schemas.UserDtoPage.properties.items, { type: 'array', items: { $ref: '#/components/schemas/UserDto' } });
  assert.equal(schemas.PageHolder.properties.latest, { $ref: '#/components/schemas/PostDtoPage' });
  assert.not.ok('PageOf' in schemas);
});

test('@Exclude and @Expose({ name }): the document lists what is sent', async () => {
  const document = await generateOpenApiDocument({ title: 't', applications: [app] });
  const post = document.components.schemas.PostDto as { properties: Record<string, unknown> };
  assert.equal(Object.keys(post.properties).sort(), ['created', 'id']);
});

test('discriminated @Type: oneOf of the subtypes with discriminator { propertyName, mapping }; each subtype holds the property', async () => {
  const document = await generateOpenApiDocument({ title: 't', applications: [app] });
  const schemas = document.components.schemas as Record<string, { properties: Record<string, unknown>; required?: string[] }>;
  const union = {
    oneOf: [{ $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Cat' }],
    discriminator: { propertyName: 'kind', mapping: { dog: '#/components/schemas/Dog', cat: '#/components/schemas/Cat' } },
  };
  assert.equal(schemas.Owner.properties.pets, { type: 'array', items: union });
  assert.equal(schemas.Owner.properties.favourite, union);
  assert.equal(schemas.Cat.properties.kind, { type: 'string', const: 'cat' });
  assert.ok(schemas.Cat.required?.includes('kind'));
  assert.ok(schemas.Dog.properties.kind, 'Dog declares kind itself');
});

test('two classes that would share a schema name: generateOpenApiDocument throws naming both', async () => {
  @ApiSchema({ name: 'PostDtoPage' })
  class Impostor {
    @IsString() x!: string;
  }
  @Controller('/clash')
  class ClashController {
    @Get('/a')
    @ApiResponse({ status: 200, type: PostPage })
    a() {
      return { items: [], total: 0 };
    }
    @Get('/b')
    @ApiResponse({ status: 200, type: Impostor })
    b() {
      return { x: '' };
    }
  }
  const clash = createApplication({ controllers: [ClashController], basePath: '/clash-doc' });
  try {
    await generateOpenApiDocument({ title: 't', applications: [clash] });
    assert.unreachable('should throw');
  } catch (error) {
    const message = (error as Error).message;
    assert.match(message, /both documented as PostDtoPage/);
    assert.match(message, /class PageOf \(@ApiSchema\(\{ name: "PostDtoPage" \}\)\)/);
    assert.match(message, /class Impostor \(@ApiSchema\(\{ name: "PostDtoPage" \}\)\)/);
  }
});

test('an @ApiSchema name that is not a component name is refused when the document is generated', async () => {
  @ApiSchema({ name: 'has space' })
  class Spaced {
    @IsString() x!: string;
  }
  @Controller('/spaced')
  class SpacedController {
    @Get('')
    @ApiResponse({ status: 200, type: Spaced })
    a() {
      return { x: '' };
    }
  }
  const spaced = createApplication({ controllers: [SpacedController], basePath: '/spaced-doc' });
  await generateOpenApiDocument({ title: 't', applications: [spaced] }).then(
    () => assert.unreachable('should throw'),
    (error: Error) => assert.match(error.message, /@ApiSchema\(\{ name \}\) on Spaced needs a name of letters/),
  );
});

test('stripped like any DTO: a page of records sends only the declared fields', async () => {
  @Controller('/page')
  class PageController {
    @Get('')
    @ApiResponse({ status: 200, type: PostPage })
    page() {
      return { items: [{ id: '1', secret: 's', createdAt: 'c', passwordHash: 'h' }], total: 1, cursor: 'x' };
    }
  }
  const paged = createApplication({ controllers: [PageController], basePath: '/page-strip' });
  const body = await (await paged.handle(new Request('http://x/page-strip/page'))).json();
  assert.equal(body, { items: [{ id: '1', created: 'c' }], total: 1 });
});

test.run();
