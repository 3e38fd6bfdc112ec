// @Paginated (issue 42): a cursor page of 20 items of a 3-field DTO, each carrying 2 fields the DTO does not declare,
// against the same route written by hand: a query DTO with the same rules and an envelope DTO through the contract,
// (1) without the Link header ours builds, and (2) with the same Link built by hand, as a route middleware (`@Use`)
// would: the request's URL parsed, X-Forwarded-Host/-Proto applied, `cursor` set (the answers compared before timing).
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min, ValidateNested } from 'class-validator';
const dist = process.env.BENCH_SOURCE ? await import('../runtime/index.ts') : await import('../dist/index.mjs');
import { BASE } from './lib/apps.mjs';
import { describeResponse, interleavedSamples, loop, median, pairedRatio } from './lib/harness.mjs';

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

/** The `Link` a user writes for the next page: what @Paginated sends, through a parsed URL. */
function linkByHand(request, nextCursor) {
  const url = new URL(request.url);
  const host = request.headers.get('x-forwarded-host');
  if (host) {
    url.port = '';
    url.host = host.split(',')[0].trim();
  }
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0].trim().toLowerCase();
  if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
  url.searchParams.set('cursor', nextCursor);
  return `<${url.href}>; rel="next"`;
}

/** `kind`: 'paginated', 'byHand' (the envelope only) or 'byHandLink' (and the same Link). */
function buildApp(kind) {
  class PageController {
    page(query, context) {
      const limit = query.limit ?? 20;
      const nextCursor = '20';
      if (kind === 'byHandLink') context.state.nextCursor = nextCursor;
      return { items: ITEMS.slice(0, limit), nextCursor };
    }
  }
  const index = 0;
  dist.Get('')(PageController.prototype, 'page');
  if (kind === 'paginated') {
    dist.Paginated(ItemDto, { style: 'cursor' })(PageController.prototype, 'page');
    dist.Query(PageQuery)(PageController.prototype, 'page', index);
  } else {
    dist.ApiResponse({ status: 200, type: HandPage })(PageController.prototype, 'page');
    dist.Query(HandQuery)(PageController.prototype, 'page', index);
  }
  if (kind === 'byHandLink') {
    const links = async (context, next) => {
      const response = await next();
      const nextCursor = context.state.nextCursor;
      if (typeof nextCursor === 'string') response.headers.append('link', linkByHand(context.request, nextCursor));
      return response;
    };
    dist.Use(links)(PageController.prototype, 'page');
  }
  dist.Controller('/page')(PageController);
  return dist.createApplication({ controllers: [PageController], basePath: BASE });
}

export async function runPagination({ rounds = 150, batch = 300 } = {}) {
  const apps = { paginated: buildApp('paginated'), byHand: buildApp('byHand'), byHandLink: buildApp('byHandLink') };
  const request = new Request(`http://127.0.0.1${BASE}/page?limit=20&tag=a`);
  const links = {};
  for (const [id, app] of Object.entries(apps)) {
    const response = await app.handle(request);
    const body = await response.clone().text();
    const described = await describeResponse(response);
    if (!described.startsWith('200 ') || body.includes('secret') || !body.includes('"nextCursor":"20"')) throw new Error(`pagination ${id}: answers ${described} ${body.slice(0, 200)}`);
    links[id] = response.headers.get('link');
  }
  if (links.paginated !== links.byHandLink || links.byHand !== null) throw new Error(`pagination: Link headers differ: ${JSON.stringify(links)}`);
  const samples = await interleavedSamples(
    Object.entries(apps).map(([id, app]) => ({ id, run: loop((r) => app.handle(r), request) })),
    { rounds, batch },
  );
  const ns = (id) => median(samples.get(id));
  return {
    paginated: ns('paginated'),
    byHand: ns('byHand'),
    byHandLink: ns('byHandLink'),
    ratio: pairedRatio(samples.get('paginated'), samples.get('byHand')),
    perByHandLink: pairedRatio(samples.get('paginated'), samples.get('byHandLink')),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runPagination();
  console.log(`@Paginated ${r.paginated.toFixed(0)} ns; by hand ${r.byHand.toFixed(0)} ns (${r.ratio.toFixed(3)}×, target ≤ 1.05); by hand with the Link ${r.byHandLink.toFixed(0)} ns (${r.perByHandLink.toFixed(3)}×)`);
}
