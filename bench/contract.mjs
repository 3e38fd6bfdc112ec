// The response contract (issue 22): a 20-item page of a 6-field DTO with one nested DTO, each item carrying 4 fields
// the DTO does not declare. Plain objects through 'strip' against `serialize: false` (JSON.stringify of the value as
// it is); class instances through 'strip' against today's instanceToPlain path (`responseContract: 'off'`).
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsNumber, IsString, ValidateNested } from 'class-validator';
import * as dist from '../dist/index.mjs';
import { BASE } from './lib/apps.mjs';
import { describeResponse, interleave, loop } from './lib/harness.mjs';

class AuthorDto {}
IsString()(AuthorDto.prototype, 'id');
IsString()(AuthorDto.prototype, 'name');

class ItemDto {}
IsString()(ItemDto.prototype, 'id');
IsString()(ItemDto.prototype, 'title');
IsNumber()(ItemDto.prototype, 'price');
IsArray()(ItemDto.prototype, 'tags');
IsString({ each: true })(ItemDto.prototype, 'tags');
IsBoolean()(ItemDto.prototype, 'published');
ValidateNested()(ItemDto.prototype, 'author');
Type(() => AuthorDto)(ItemDto.prototype, 'author');

const EXTRAS = (i) => ({ passwordHash: `$2b$10$${'x'.repeat(40)}${i}`, internalNote: 'seen by staff only', createdBy: 'u7', revision: i });

const plainItem = (i) => ({
  id: String(i),
  title: `Item ${i}`,
  price: i / 2,
  tags: ['a', 'b'],
  published: i % 2 === 0,
  author: { id: 'u1', name: 'Ada', email: 'ada@example.com' },
  ...EXTRAS(i),
});

const PLAIN = Array.from({ length: 20 }, (_, i) => plainItem(i));
const INSTANCES = Array.from({ length: 20 }, (_, i) => {
  const { author, ...item } = plainItem(i);
  return Object.assign(new ItemDto(), item, { author: Object.assign(new AuthorDto(), author) });
});

function buildApp(value, options) {
  class PageController {
    page() {
      return value;
    }
  }
  dist.Get('')(PageController.prototype, 'page');
  dist.ApiResponse({ status: 200, type: ItemDto, isArray: true })(PageController.prototype, 'page');
  dist.Controller('/page')(PageController);
  return dist.createApplication({ controllers: [PageController], basePath: BASE, ...options });
}

export async function runContract({ rounds = 60, batch = 200 } = {}) {
  const apps = {
    'plain/strip': buildApp(PLAIN, {}),
    'plain/serialize-false': buildApp(PLAIN, { responseContract: 'off', serialize: false }),
    'instances/strip': buildApp(INSTANCES, {}),
    'instances/instanceToPlain': buildApp(INSTANCES, { responseContract: 'off' }),
  };
  const request = new Request(`http://127.0.0.1${BASE}/page`);
  const sizes = {};
  for (const [id, app] of Object.entries(apps)) {
    const response = await app.handle(request);
    const body = await response.clone().text();
    sizes[id] = body.length;
    const described = await describeResponse(response);
    if (!described.startsWith('200 ')) throw new Error(`contract ${id}: answers ${described}`);
    if (id.endsWith('strip') && body.includes('passwordHash')) throw new Error(`contract ${id}: sent a field the DTO does not declare`);
  }
  const ns = await interleave(
    Object.entries(apps).map(([id, app]) => ({ id, run: loop((r) => app.handle(r), request) })),
    { rounds, batch },
  );
  const rows = [
    { value: 'plain objects', strip: ns['plain/strip'], today: ns['plain/serialize-false'], todayIs: 'serialize: false', bytes: `${sizes['plain/strip']} / ${sizes['plain/serialize-false']}` },
    { value: 'class instances', strip: ns['instances/strip'], today: ns['instances/instanceToPlain'], todayIs: 'instanceToPlain', bytes: `${sizes['instances/strip']} / ${sizes['instances/instanceToPlain']}` },
  ].map((row) => ({ ...row, stripPerToday: row.strip / row.today }));
  return { rows };
}
