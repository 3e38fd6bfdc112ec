import type { ClassTransformOptions } from 'class-transformer';
import { IsOptional } from 'class-validator';
import type { RouteContext } from '../core/context';
import { itemsContract } from '../contract/response-contract';
import { PAGE_STYLE } from '../decorators/features/paginated';
import type { FieldError } from '../errors/http-error';
import type { RouteResponder } from '../responses/route-responder';
import type { RouteDefinition } from '../routing/route-definitions';
import type { Validated } from '../validation/dto-validation';
import type { SchemaOutcome } from '../schema/schema-validation';
import type { PageRecord } from '../metadata/pagination';
import { cursorLinks, offsetLinks } from './page-links';

// `@Paginated` routes (a chunk of its own, loaded with the dispatcher of an application that has one): the page fields
// of their query, their envelope through the items' contract, and their `Link` headers.

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

type Outcome = Validated | SchemaOutcome;

/** What the invoker asks of a paginated route. */
export interface PageSteps {
  /** The query DTO's outcome with `limit` (and `offset`) checked against the route's bounds and set as numbers. */
  query(definition: RouteDefinition): ((outcome: Outcome, context: RouteContext) => Outcome) | undefined;
  /** The route's responder: the page's items through their contract, and the `Link` header. */
  send(definition: RouteDefinition, send: RouteResponder, contract: { responseContract?: string; serialize?: ClassTransformOptions | boolean }): RouteResponder;
}

const PAGE_FIELDS = { cursor: ['cursor', 'limit'], offset: ['offset', 'limit'] } as const;
const registered = new WeakSet<object>();

/**
 * The page query class `dto` extends for `style` (CursorPageQuery or OffsetPageQuery, of whichever copy of the library
 * the DTO imported), or undefined.
 */
function pageBase(dto: unknown, style: 'cursor' | 'offset'): (abstract new () => unknown) | undefined {
  for (let cls = dto; typeof cls === 'function'; cls = Object.getPrototypeOf(cls)) {
    if (Object.hasOwn(cls, PAGE_STYLE)) return (cls as unknown as Record<symbol, unknown>)[PAGE_STYLE] === style ? (cls as abstract new () => unknown) : undefined;
  }
  return undefined;
}

/**
 * The page fields as class-validator knows them (`@IsOptional`, checked here instead): so that `whitelist` keeps them
 * and `forbidNonWhitelisted` does not refuse them. Their values are checked against each route's own bounds.
 */
function registerPageFields(base: abstract new () => unknown, style: 'cursor' | 'offset'): void {
  if (registered.has(base)) return;
  registered.add(base);
  for (const field of PAGE_FIELDS[style]) IsOptional()(base.prototype as object, field);
}

/** Checks every `@Paginated` route (its method, options and query DTO), throwing what a route gets wrong. */
export function pageSteps(definitions: readonly RouteDefinition[]): PageSteps {
  for (const definition of definitions) if (definition.paginated) checkRoute(definition, definition.paginated);
  return { query: pageQuery, send: pageSender };
}

function where(definition: RouteDefinition): string {
  return `${definition.controller.name}.${definition.propertyKey}`;
}

function checkRoute(definition: RouteDefinition, page: PageRecord): void {
  const name = where(definition);
  if (page.style !== 'cursor' && page.style !== 'offset') throw new TypeError(`@Paginated on ${name}: style must be 'cursor' or 'offset', got ${String(page.style)}.`);
  if (typeof page.item !== 'function' && (typeof page.item !== 'object' || page.item === null)) {
    throw new TypeError(`@Paginated(item) on ${name} needs the item's DTO class or Standard Schema.`);
  }
  if (definition.method !== 'GET') throw new TypeError(`@Paginated on ${name}: only a GET route can be paginated.`);
  const { defaultLimit = DEFAULT_LIMIT, maxLimit = MAX_LIMIT } = page;
  if (!Number.isInteger(maxLimit) || maxLimit < 1) throw new TypeError(`@Paginated on ${name}: maxLimit must be a whole number of at least 1.`);
  if (!Number.isInteger(defaultLimit) || defaultLimit < 1 || defaultLimit > maxLimit) {
    throw new TypeError(`@Paginated on ${name}: defaultLimit must be a whole number from 1 to maxLimit (${maxLimit}).`);
  }
  const base = pageBase(definition.query?.dto, page.style);
  if (!base) {
    const expected = page.style === 'cursor' ? 'CursorPageQuery' : 'OffsetPageQuery';
    throw new TypeError(`@Paginated on ${name}: its @Query DTO must extend ${expected} (class PageQuery extends ${expected} {}).`);
  }
  registerPageFields(base, page.style);
}

function pageQuery(definition: RouteDefinition): ((outcome: Outcome, context: RouteContext) => Outcome) | undefined {
  const page = definition.paginated;
  if (!page) return undefined;
  const { style, defaultLimit = DEFAULT_LIMIT, maxLimit = MAX_LIMIT } = page;
  return (outcome, context) => {
    const query = context.query;
    const errors: FieldError[] = [];
    const limit = wholeNumber(query, 'limit', defaultLimit, 1, maxLimit, errors);
    const offset = style === 'offset' ? wholeNumber(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER, errors) : undefined;
    if (style === 'cursor' && query.getAll('cursor').length > 1) errors.push({ field: 'cursor', message: 'cursor must be a single value', in: 'query' });
    if (!outcome.ok) {
      // class-validator saw them as optional; their own errors are the ones above.
      const others = outcome.errors.filter((error) => error.field !== 'limit' && error.field !== 'offset' && error.field !== 'cursor');
      return { ok: false, errors: [...others, ...errors] };
    }
    if (errors.length > 0) return { ok: false, errors };
    const value = outcome.value as { limit: number; offset?: number };
    value.limit = limit;
    if (offset !== undefined) value.offset = offset;
    return outcome;
  };
}

/** A query value that must be a whole number from `min` to `max`, `fallback` when absent; its error pushed to `errors`. */
function wholeNumber(query: URLSearchParams, name: string, fallback: number, min: number, max: number, errors: FieldError[]): number {
  const values = query.getAll(name);
  if (values.length === 0 || (values.length === 1 && values[0] === '')) return fallback;
  let message: string | undefined;
  const number = Number(values[0]);
  if (values.length > 1) message = `${name} must be a single value`;
  else if (!/^\s*-?\d+\s*$/.test(values[0]) || !Number.isSafeInteger(number)) message = `${name} must be an integer number`;
  else if (number < min) message = `${name} must not be less than ${min}`;
  else if (number > max) message = `${name} must not be greater than ${max}`;
  if (message) errors.push({ field: name, message, in: 'query' });
  return number;
}

function pageSender(definition: RouteDefinition, send: RouteResponder, contract: { responseContract?: string; serialize?: ClassTransformOptions | boolean }): RouteResponder {
  const page = definition.paginated!;
  const route = `${definition.method} ${definition.path} (${where(definition)})`;
  const items = contract.responseContract === 'off' ? undefined : itemsContract(page.item, route, contract.responseContract === 'validate', contract.serialize ?? true);
  const cursor = page.style === 'cursor';
  const defaultLimit = page.defaultLimit ?? DEFAULT_LIMIT;
  return (value, context) => {
    if (value instanceof Response) return send(value, context);
    const envelope = value as { items?: unknown; nextCursor?: unknown; total?: unknown } | null;
    if (typeof envelope !== 'object' || envelope === null || !Array.isArray(envelope.items)) {
      throw new TypeError(`${route} is @Paginated: it must return ${cursor ? '{ items, nextCursor }' : '{ items, total }'}.`);
    }
    const next = cursor ? (envelope.nextCursor ?? null) : undefined;
    if (cursor && typeof next !== 'string' && next !== null) throw new TypeError(`${route} is @Paginated: nextCursor must be a string, or null on the last page.`);
    if (!cursor && !(Number.isSafeInteger(envelope.total) && (envelope.total as number) >= 0)) throw new TypeError(`${route} is @Paginated: total must be a whole number.`);
    const answer = (list: unknown) => {
      const body = cursor ? { items: list, nextCursor: next } : { items: list, total: envelope.total };
      const links = cursor
        ? cursorLinks(context, next as string | null)
        : offsetLinks(context, currentNumber(context, 'offset', 0), currentNumber(context, 'limit', defaultLimit), envelope.total as number);
      const response = send(body, context);
      return response instanceof Promise ? response.then((sent) => withLinks(sent, links)) : withLinks(response, links);
    };
    const list = items ? items(envelope.items) : envelope.items;
    return list instanceof Promise ? list.then(answer) : answer(list);
  };
}

/** The request's `offset` or `limit`, already checked by the query step. */
function currentNumber(context: RouteContext, name: string, fallback: number): number {
  const value = context.query.get(name);
  return value === null || value === '' ? fallback : Number(value);
}

function withLinks(response: Response, links: string | undefined): Response {
  if (links) response.headers.append('link', links);
  return response;
}
