import type { PageRecord } from '../../metadata/pagination';
import type { RouteDefinition } from '../../routing/route-definitions';
import type { OperationObject, ParameterObject, ResponseObject, SchemaObject } from '../types';

// What a `@Paginated` route adds to its operation: the page parameters with the route's bounds, the envelope, the
// `Link` header and `x-pagination` (how a client follows the pages: `useInfiniteQuery`'s pageParam and next page).

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
const PAGE_FIELDS = new Set(['cursor', 'limit', 'offset']);

/** `x-pagination`: the style, the query parameter a client sets to ask for a page, and (cursor) the field that gives it. */
export interface PaginationExtension {
  style: PageRecord['style'];
  pageParam: 'cursor' | 'offset';
  nextField?: 'nextCursor';
}

/** The query DTO's parameters without its page fields, then the page parameters as the runtime checks them. */
export function withPageParameters(route: RouteDefinition, parameters: ParameterObject[]): ParameterObject[] {
  const page = route.paginated;
  if (!page) return parameters;
  const own = parameters.filter((parameter) => !(parameter.in === 'query' && PAGE_FIELDS.has(parameter.name)));
  const { defaultLimit = DEFAULT_LIMIT, maxLimit = MAX_LIMIT } = page;
  const limit: ParameterObject = {
    name: 'limit',
    in: 'query',
    required: false,
    description: 'How many items the page holds at most.',
    schema: { type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit },
  };
  const start: ParameterObject =
    page.style === 'cursor'
      ? { name: 'cursor', in: 'query', required: false, description: "The previous page's nextCursor; absent for the first page.", schema: { type: 'string' } }
      : { name: 'offset', in: 'query', required: false, description: 'How many items come before the page.', schema: { type: 'integer', minimum: 0, default: 0 } };
  return [...own, start, limit];
}

/** The envelope of a page whose items have `item` as their schema. */
export function pageEnvelope(page: PageRecord, item: SchemaObject): SchemaObject {
  const items = { type: 'array', items: item };
  return page.style === 'cursor'
    ? {
        type: 'object',
        required: ['items', 'nextCursor'],
        properties: { items, nextCursor: { type: ['string', 'null'], description: 'The cursor of the next page; null on the last page.' } },
      }
    : { type: 'object', required: ['items', 'total'], properties: { items, total: { type: 'integer', minimum: 0, description: 'How many items the whole list holds.' } } };
}

/** The 200 of a paginated route: the envelope and its `Link` header. */
export function pageResponse(page: PageRecord, content: ResponseObject['content']): ResponseObject {
  const rels = page.style === 'cursor' ? '`next` (absent on the last page)' : '`next` (absent on the last page), `prev` (absent on the first), `first` and `last`';
  return {
    description: 'A page of the list',
    headers: { Link: { description: `RFC 8288 links to other pages: ${rels}.`, schema: { type: 'string' } } },
    content,
  };
}

/** Marks the operation with `x-pagination`. */
export function markPaginated(operation: Omit<OperationObject, 'operationId'>, page: PageRecord): void {
  const extension: PaginationExtension = page.style === 'cursor' ? { style: 'cursor', pageParam: 'cursor', nextField: 'nextCursor' } : { style: 'offset', pageParam: 'offset' };
  (operation as Record<string, unknown>)['x-pagination'] = extension;
}
