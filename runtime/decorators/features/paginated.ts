import type { CursorPage, OffsetPage, PaginatedOptions } from '../../metadata/pagination';
import type { StandardSchemaV1 } from '../../core/standard-schema';
import type { Class } from '../../types';
import type { ApiResponseDecorator, ContractItem } from '../documentation/api';
import { onMethod } from '../legacy';

/** The page a handler of `@Paginated(item, options)` returns. */
export type PageOf<D, O extends PaginatedOptions> = O['style'] extends 'offset' ? OffsetPage<ContractItem<D>> : CursorPage<ContractItem<D>>;

/**
 * A paginated GET route. Its query DTO extends {@link CursorPageQuery} or {@link OffsetPageQuery}, whose `limit`
 * (default `defaultLimit`, 20; from 1 to `maxLimit`, 100) and `offset` (default 0) the handler reads as numbers; a
 * value out of bounds is a 422. The handler returns `{ items, nextCursor }` (cursor) or `{ items, total }` (offset),
 * checked at compile time; each item is sent through the response contract of `item` (a DTO class or a Standard
 * Schema), and the response carries RFC 8288 `Link` headers (`next`; with offsets also `prev`, `first`, `last`).
 */
export function Paginated<const D extends Class | StandardSchemaV1, const O extends PaginatedOptions>(item: D, options: O): ApiResponseDecorator<PageOf<D, O>>;
export function Paginated(item: Class | StandardSchemaV1, options: PaginatedOptions): MethodDecorator {
  // Checked when the application's dispatcher is built (runtime/pagination/page-steps.ts): importing the library stays small.
  return onMethod('Paginated', (record) => (record.paginated = { ...options, item }));
}

/**
 * Which page query a class is (inherited by the DTOs that extend it): a registered symbol rather than the class itself,
 * because a bundle or a test runner may load this module twice, and a DTO then extends the other copy's class.
 */
export const PAGE_STYLE = Symbol.for('next-app-controllers.page-style');

/** The query of a cursor-paginated route, to extend: `cursor` (as the client sent it) and `limit` (a number). */
export class CursorPageQuery {
  static readonly [PAGE_STYLE] = 'cursor';
  /** The `nextCursor` of the previous page; absent for the first. */
  cursor?: string;
  /** How many items the page holds at most: the route's `defaultLimit` when the request has none. */
  limit!: number;
}

/** The query of an offset-paginated route, to extend: `offset` (0 when absent) and `limit` (a number). */
export class OffsetPageQuery {
  static readonly [PAGE_STYLE] = 'offset';
  /** How many items of the list come before the page. */
  offset!: number;
  /** How many items the page holds at most: the route's `defaultLimit` when the request has none. */
  limit!: number;
}
