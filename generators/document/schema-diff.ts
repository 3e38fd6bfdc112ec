import { isDeepStrictEqual } from 'node:util';
import type { OpenApiDocument, SchemaObject } from './openapi-document';

/**
 * Which way a schema is read: a request's schema says what the server accepts (a client breaks when it accepts
 * less), a response's what the server sends (a client breaks when it may send more, or less of what it promised).
 */
export type Direction = 'request' | 'response';

/** One difference, worded for a reviewer, and whether it breaks a client written against the earlier document. */
export interface Change {
  breaking: boolean;
  /** A stable name of the kind of change (see README of the guide: the breaking-change table). */
  kind: string;
  /** Where: `DELETE /api/posts/{id}`, `CreatePostDto.summary`, `GET /api/posts 200 response[]`, `.info.title`. */
  at: string;
  /** The operation it was found through, when `at` is a schema. */
  operation?: string;
  /** The line printed: `request field added, required: CreatePostDto.summary`. */
  message: string;
}

const SCHEMA_REF = '#/components/schemas/';
/** Keywords that bound a value from below (raising one accepts less) or above (lowering one accepts less). */
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'multipleOf'];
/** Keywords whose appearing or changing accepts other values (not fewer, as far as this check can tell). */
const SHAPE_KEYWORDS = ['pattern', 'format', 'contentMediaType', 'uniqueItems'];

type Schema = SchemaObject | boolean | undefined;

const OUTSIDE = { label: 'values outside the enum' };
const ANY = { label: 'any value' };

/**
 * Compares schemas of two documents in one direction, following `$ref`s into each document's components (once per
 * pair, so recursive DTOs end), and reports through `report`.
 */
export class SchemaComparison {
  private readonly seen = new Set<string>();
  /** The component schemas a comparison went through: the rest are compared on their own (not breaking). */
  readonly visited = new Set<string>();

  constructor(
    private readonly before: OpenApiDocument,
    private readonly after: OpenApiDocument,
    private readonly report: (change: Omit<Change, 'operation'>) => void,
  ) {}

  compare(before: Schema, after: Schema, at: string, direction: Direction): void {
    const beforeRef = refName(before);
    const afterRef = refName(after);
    if (beforeRef !== undefined || afterRef !== undefined) {
      const key = `${direction} ${beforeRef ?? JSON.stringify(before)} ${afterRef ?? JSON.stringify(after)}`;
      if (this.seen.has(key)) return;
      this.seen.add(key);
      if (beforeRef !== undefined) this.visited.add(beforeRef);
      if (afterRef !== undefined) this.visited.add(afterRef);
      // A component's own name says where, unless the reference itself changed to another component.
      if (beforeRef !== undefined && beforeRef === afterRef) at = beforeRef;
    }
    const old = resolve(this.before, before);
    const now = resolve(this.after, after);
    if (isDeepStrictEqual(old, now) && beforeRef === afterRef && !hasRefs(old)) return;
    const oldAlternatives = alternatives(old);
    const newAlternatives = alternatives(now);
    // A reference on one side and a list on the other (a $ref made nullable): the reference is one alternative.
    if (oldAlternatives || newAlternatives) return this.compareAlternatives(oldAlternatives ?? [before], newAlternatives ?? [after], at, direction);
    this.compareTypes(old, now, at, direction);
    this.compareEnums(old, now, at, direction);
    if (direction === 'request') this.compareBounds(old, now, at);
    this.compareProperties(old, now, at, direction);
    if (isObject(old) && isObject(now) && (old.items !== undefined || now.items !== undefined)) {
      this.compare(old.items as Schema, now.items as Schema, `${at}[]`, direction);
    }
  }

  /** `anyOf`/`oneOf` (and a `$ref` made nullable): alternatives matched by their reference or type. */
  private compareAlternatives(old: Schema[], now: Schema[], at: string, direction: Direction): void {
    const keyOf = (schema: Schema) => refName(schema) ?? JSON.stringify(isObject(schema) && schema.type !== undefined ? { type: schema.type } : schema);
    const newByKey = new Map(now.map((schema) => [keyOf(schema), schema]));
    const oldKeys = new Set(old.map(keyOf));
    const removed = old.filter((schema) => !newByKey.has(keyOf(schema)));
    const added = now.filter((schema) => !oldKeys.has(keyOf(schema)));
    for (const schema of old) if (newByKey.has(keyOf(schema))) this.compare(schema, newByKey.get(keyOf(schema)), at, direction);
    const describe = (schemas: Schema[]) => schemas.map(keyOf).join(', ');
    if (direction === 'request') {
      if (removed.length > 0) this.report({ breaking: true, kind: 'request-type-narrowed', at, message: `request type narrowed: ${at} (no longer accepts ${describe(removed)})` });
      if (added.length > 0) this.report({ breaking: false, kind: 'request-type-widened', at, message: `request type widened: ${at} (also accepts ${describe(added)})` });
    } else {
      if (added.length > 0) this.report({ breaking: true, kind: 'response-type-widened', at, message: `response type widened: ${at} (may also be ${describe(added)})` });
      if (removed.length > 0) this.report({ breaking: false, kind: 'response-type-narrowed', at, message: `response type narrowed: ${at} (no longer ${describe(removed)})` });
    }
  }

  private compareTypes(old: Schema, now: Schema, at: string, direction: Direction): void {
    const oldTypes = typesOf(old);
    const newTypes = typesOf(now);
    // A type the other side does not allow (`integer` is within `number`); `undefined` allows every type.
    const removed = oldTypes === undefined ? (newTypes === undefined ? [] : ['any']) : oldTypes.filter((type) => !covers(newTypes, type));
    const added = newTypes === undefined ? (oldTypes === undefined ? [] : ['any']) : newTypes.filter((type) => !covers(oldTypes, type));
    if (removed.length === 0 && added.length === 0) return;
    const change = `${at} (${oldTypes?.join('|') ?? 'any'} → ${newTypes?.join('|') ?? 'any'})`;
    if (direction === 'request') {
      if (removed.length > 0) this.report({ breaking: true, kind: 'request-type-narrowed', at, message: `request type narrowed: ${change}` });
      else this.report({ breaking: false, kind: 'request-type-widened', at, message: `request type widened: ${change}` });
    } else if (added.length > 0) {
      this.report({ breaking: true, kind: 'response-type-widened', at, message: `response type widened: ${change}` });
    } else {
      this.report({ breaking: false, kind: 'response-type-narrowed', at, message: `response type narrowed: ${change}` });
    }
  }

  private compareEnums(old: Schema, now: Schema, at: string, direction: Direction): void {
    const oldValues = enumOf(old);
    const newValues = enumOf(now);
    if (oldValues === undefined && newValues === undefined) return;
    const has = (values: unknown[] | undefined, value: unknown) => values === undefined || values.some((each) => isDeepStrictEqual(each, value));
    // Without an enum, any value of the type: an enum appearing removes values, one disappearing adds them.
    const removed = oldValues === undefined ? [OUTSIDE] : oldValues.filter((value) => !has(newValues, value));
    const added = newValues === undefined ? [ANY] : newValues.filter((value) => !has(oldValues, value));
    const list = (values: unknown[]) => values.map((value) => (value === OUTSIDE || value === ANY ? (value as { label: string }).label : JSON.stringify(value))).join(', ');
    if (direction === 'request') {
      if (removed.length > 0) this.report({ breaking: true, kind: 'request-enum-narrowed', at, message: `request enum narrowed: ${at} (no longer accepts ${list(removed)})` });
      if (added.length > 0) this.report({ breaking: false, kind: 'request-enum-widened', at, message: `request enum widened: ${at} (also accepts ${list(added)})` });
    } else {
      if (added.length > 0) this.report({ breaking: true, kind: 'response-enum-widened', at, message: `response enum widened: ${at} (may also be ${list(added)})` });
      if (removed.length > 0) this.report({ breaking: false, kind: 'response-enum-narrowed', at, message: `response enum narrowed: ${at} (no longer ${list(removed)})` });
    }
  }

  /** Bounds and shapes of what a request may send: tighter is breaking, looser is not. */
  private compareBounds(old: Schema, now: Schema, at: string): void {
    if (!isObject(old) || !isObject(now)) return;
    const report = (narrowed: boolean, keyword: string) =>
      this.report({
        breaking: narrowed,
        kind: narrowed ? 'request-constraint-narrowed' : 'request-constraint-widened',
        at,
        message: `request constraint ${narrowed ? 'narrowed' : 'widened'}: ${at} (${keyword} ${JSON.stringify(old[keyword]) ?? 'none'} → ${JSON.stringify(now[keyword]) ?? 'none'})`,
      });
    for (const keyword of LOWER_BOUNDS) {
      const [a, b] = [old[keyword], now[keyword]] as [number | undefined, number | undefined];
      if (a === b) continue;
      report(b !== undefined && (a === undefined || b > a), keyword);
    }
    for (const keyword of UPPER_BOUNDS) {
      const [a, b] = [old[keyword], now[keyword]] as [number | undefined, number | undefined];
      if (a === b) continue;
      report(b !== undefined && (a === undefined || b < a || keyword === 'multipleOf'), keyword);
    }
    for (const keyword of SHAPE_KEYWORDS) {
      if (isDeepStrictEqual(old[keyword], now[keyword])) continue;
      report(now[keyword] !== undefined && !(keyword === 'uniqueItems' && now[keyword] === false), keyword);
    }
  }

  private compareProperties(old: Schema, now: Schema, at: string, direction: Direction): void {
    if (!isObject(old) || !isObject(now)) return;
    const oldProperties = (old.properties ?? {}) as Record<string, Schema>;
    const newProperties = (now.properties ?? {}) as Record<string, Schema>;
    const oldRequired = new Set((old.required as string[] | undefined) ?? []);
    const newRequired = new Set((now.required as string[] | undefined) ?? []);
    const side = direction === 'request' ? 'request field' : 'response field';
    for (const [name, schema] of Object.entries(newProperties)) {
      const where = `${at}.${name}`;
      if (!(name in oldProperties)) {
        const required = newRequired.has(name);
        // A new field the client must send breaks it; a new field it receives does not.
        const breaking = direction === 'request' && required;
        this.report({ breaking, kind: `${direction}-field-added`, at: where, message: `${side} added, ${required ? 'required' : 'optional'}: ${where}` });
        continue;
      }
      if (oldRequired.has(name) !== newRequired.has(name)) {
        const nowRequired = newRequired.has(name);
        // A request field the client may leave out, or a response field it may count on, that stops being so.
        const breaking = direction === 'request' ? nowRequired : !nowRequired;
        const kind = `${direction}-field-${nowRequired ? 'required' : 'optional'}`;
        this.report({ breaking, kind, at: where, message: `${side} ${nowRequired ? 'now required' : 'no longer required'}: ${where}` });
      }
      this.compare(oldProperties[name], schema, where, direction);
    }
    for (const name of Object.keys(oldProperties)) {
      if (name in newProperties) continue;
      const where = `${at}.${name}`;
      // A response field a client reads that is gone breaks it; a request field it still sends is the server's to ignore.
      this.report({ breaking: direction === 'response', kind: `${direction}-field-removed`, at: where, message: `${side} removed: ${where}` });
    }
  }
}

export function refName(schema: Schema): string | undefined {
  const ref = isObject(schema) ? schema.$ref : undefined;
  return typeof ref === 'string' && ref.startsWith(SCHEMA_REF) ? ref.slice(SCHEMA_REF.length) : undefined;
}

function resolve(document: OpenApiDocument, schema: Schema): Schema {
  for (let depth = 0; depth < 32; depth++) {
    const name = refName(schema);
    if (name === undefined) return schema;
    schema = document.components?.schemas?.[name] ?? {};
  }
  return schema;
}

function isObject(schema: unknown): schema is SchemaObject {
  return typeof schema === 'object' && schema !== null && !Array.isArray(schema);
}

function hasRefs(schema: unknown): boolean {
  return JSON.stringify(schema ?? null).includes('"$ref"');
}

function alternatives(schema: Schema): Schema[] | undefined {
  if (!isObject(schema)) return undefined;
  const list = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  return Array.isArray(list) ? list : undefined;
}

/** The JSON types a schema allows; `undefined` for any (no `type`, and nothing else that implies one). */
function typesOf(schema: Schema): string[] | undefined {
  if (!isObject(schema)) return schema === false ? [] : undefined;
  const { type } = schema;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type as string[];
  if (schema.properties !== undefined) return ['object'];
  if (schema.items !== undefined) return ['array'];
  return undefined;
}

function covers(types: string[] | undefined, type: string): boolean {
  return types === undefined || types.includes(type) || (type === 'integer' && types.includes('number'));
}

function enumOf(schema: Schema): unknown[] | undefined {
  if (!isObject(schema)) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum;
  return 'const' in schema ? [schema.const] : undefined;
}
