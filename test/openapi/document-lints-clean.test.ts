import { Type } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiOperation, ApiResponse, Controller, Get, createApplication } from '../../runtime/index';
import { createDocumentGenerator } from '../../runtime/openapi/index';
import { summaryFromMethodName } from '../../runtime/openapi/document/summaries';

// Issue 44, items 12–13: what linters (Spectral's spectral:oas, Redocly's recommended) asked of the document:
// servers, a summary per operation, no unused component.

class PictureDto {
  @IsString() url!: string;
}

class ProfileDto {
  @IsString() name!: string;

  // Nested without @ValidateNested: no $ref to PictureDto, which must then not be a component.
  @IsOptional()
  @Type(() => PictureDto)
  picture?: PictureDto;
}

@Controller('/profiles')
class ProfilesController {
  @Get('/:id')
  @ApiResponse({ status: 200, type: ProfileDto })
  findOne() {
    return { name: 'Ann' };
  }

  @Get('')
  @ApiOperation({ summary: 'Every profile' })
  listAll() {
    return [];
  }
}

const app = createApplication({ controllers: [ProfilesController] });
const generate = createDocumentGenerator();

const test = suite('a document other tools lint clean');

test('servers: the origin the document is served from ("/", the paths carry the basePath), unless given', async () => {
  const doc = await generate({ title: 'Profiles', applications: [app] });
  assert.equal(doc.servers, [{ url: '/' }]);
  assert.ok(doc.paths['/api/profiles/{id}']);
  const given = await generate({ title: 'Profiles', applications: [app], servers: [{ url: 'https://api.example.com' }] });
  assert.equal(given.servers, [{ url: 'https://api.example.com' }]);
});

test("every operation has a summary: @ApiOperation's, else the method's name in words", async () => {
  const doc = await generate({ title: 'Profiles', applications: [app] });
  assert.is(doc.paths['/api/profiles/{id}'].get!.summary, 'Find one');
  assert.is(doc.paths['/api/profiles'].get!.summary, 'Every profile');
});

test('summaryFromMethodName', () => {
  const cases: [string, string][] = [
    ['findOne', 'Find one'],
    ['listByAuthor', 'List by author'],
    ['get_all', 'Get all'],
    ['toCSV', 'To CSV'],
    ['getHTMLPage', 'Get HTML page'],
    ['remove', 'Remove'],
    ['v2List', 'V2 list'],
  ];
  for (const [name, summary] of cases) assert.is(summaryFromMethodName(name), summary, name);
});

test('no unused component: a class nested without a $ref, error schemas no response uses', async () => {
  const doc = await generate({ title: 'Profiles', applications: [app] });
  assert.equal(Object.keys(doc.components.schemas).sort(), ['ErrorResponse', 'ProfileDto']);
  // Every component left is reached from the paths.
  const text = JSON.stringify(doc.paths) + JSON.stringify(doc.components);
  for (const [section, entries] of Object.entries(doc.components)) {
    if (section === 'securitySchemes') continue;
    for (const name of Object.keys(entries as object)) assert.ok(text.includes(`"#/components/${section}/${name}"`), `${section}/${name}`);
  }
});

test.run();
