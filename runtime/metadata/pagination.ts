import type { StandardSchemaV1 } from '../core/standard-schema';
import type { Class } from '../types';

/** How a `@Paginated` route pages: by an opaque cursor the handler gives, or by an offset into the list. */
export type PageStyle = 'cursor' | 'offset';

/** The options of `@Paginated(item, options)`. */
export interface PaginatedOptions {
  /** `'cursor'`: the handler returns `{ items, nextCursor }`; `'offset'`: `{ items, total }`. */
  style: PageStyle;
  /** The `limit` a request without one gets (20). */
  defaultLimit?: number;
  /** The largest `limit` a request may ask for (100); above it, or below 1, is a 422. */
  maxLimit?: number;
}

/** What `@Paginated` records on a route. */
export interface PageRecord extends PaginatedOptions {
  /** The item's DTO class or Standard Schema. */
  item: Class | StandardSchemaV1;
}

/** A page of a `@Paginated(Item, { style: 'cursor' })` route: `nextCursor` is `null` on the last page. */
export interface CursorPage<T> {
  items: readonly T[];
  nextCursor: string | null;
}

/** A page of a `@Paginated(Item, { style: 'offset' })` route: `total` counts every item of the list. */
export interface OffsetPage<T> {
  items: readonly T[];
  total: number;
}
