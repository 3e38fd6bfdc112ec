// @Paginated (issue 42): a cursor page of 20 items of a 3-field DTO, each carrying 2 fields the DTO does not declare,
// against the same route written by hand: a query DTO with the same rules and an envelope DTO through the contract.
// Ours also builds the Link header.
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min, ValidateNested } from 'class-validator';
const dist = process.env.BENCH_SOURCE ? await import('../runtime/index.ts') : await import('../dist/index.mjs');
import { BASE } from './lib/apps.mjs';
import { describeResponse, interleave, loop } from './lib/harness.mjs';

class ItemDto {}
IsString()(ItemDto.prototype, 'id');
IsString()(ItemDto.prototype, 'title');
IsString()(ItemDto.prototype, 'body');

const ITEMS = Array.from({ length: 20 }, (_, i) => ({ id: String(i), title: `Item ${i}`, body: 'text', secret: 'x', revision: i }));

class PageQuery extends dist.CursorPageQuery {}

class HandQuery {}
IsOptional()(HandQuery.prototype, 'cursor');
IsString()(HandQuery.prototype, 'cursor');
IsOptional()(HandQuery.prototype, 'limit');
Type(() => Number)(HandQuery.prototype, 'limit');
IsInt()(HandQuery.prototype, 'limit');
Min(1)(HandQuery.prototype, 'limit');
Max(100)(HandQuery.prototype, 'limit');

class HandPage {}
ValidateNested({ each: true })(HandPage.prototype, 'items');
Type(() => ItemDto)(HandPage.prototype, 'items');
IsOptional()(HandPage.prototype, 'nextCursor');
IsString()(HandPage.prototype, 'nextCursor');

function buildApp(paginated) {
  class PageController {
    page(query) {
      const limit = query.limit ?? 20;
      return { items: ITEMS.slice(0, limit), nextCursor: '20' };
    }
  }
  const index = 0;
  dist.Get('')(PageController.prototype, 'page');
  if (paginated) {
    dist.Paginated(ItemDto, { style: 'cursor' })(PageController.prototype, 'page');
    dist.Query(PageQuery)(PageController.prototype, 'page', index);
  } else {
    dist.ApiResponse({ status: 200, type: HandPage })(PageController.prototype, 'page');
    dist.Query(HandQuery)(PageController.prototype, 'page', index);
  }
  dist.Controller('/page')(PageController);
  return dist.createApplication({ controllers: [PageController], basePath: BASE });
}

export async function runPagination({ rounds = 60, batch = 200 } = {}) {
  const apps = { paginated: buildApp(true), byHand: buildApp(false) };
  const request = new Request(`http://127.0.0.1${BASE}/page?limit=20&tag=a`);
  for (const [id, app] of Object.entries(apps)) {
    const response = await app.handle(request);
    const body = await response.clone().text();
    const described = await describeResponse(response);
    if (!described.startsWith('200 ') || body.includes('secret') || !body.includes('"nextCursor":"20"')) throw new Error(`pagination ${id}: answers ${described} ${body.slice(0, 200)}`);
  }
  const ns = await interleave(
    Object.entries(apps).map(([id, app]) => ({ id, run: loop((r) => app.handle(r), request) })),
    { rounds, batch },
  );
  return { paginated: ns.paginated, byHand: ns.byHand, ratio: ns.paginated / ns.byHand };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runPagination();
  console.log(`@Paginated ${r.paginated.toFixed(0)} ns, by hand ${r.byHand.toFixed(0)} ns: ${r.ratio.toFixed(3)}× (target ≤ 1.05)`);
}
