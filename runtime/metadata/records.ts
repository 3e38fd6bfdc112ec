import type { StandardSchemaV1 } from '../core/standard-schema';
import type { CacheControlOptions } from './cache-control';
import type { RateLimitOptions } from './limits';
import type { RouteAuth } from './auth-schemes';
import type { PageRecord } from './pagination';
import type { IdempotentOptions } from './idempotency';
import type { WebhookOptions } from './webhooks';
import type { ApiOperationOptions, ApiResponseOptions, ApiTagOptions, Class, DeprecatedOptions, McpToolOptions, Middleware, ParamResolver, RouteMethod, SecurityRequirement, VersionValue } from '../types';

/** An input validated by a DTO class (class-transformer, then class-validator). */
export interface DtoParameter {
  index: number;
  dto: Class;
  schema?: undefined;
}

/** An input validated by a Standard Schema (Zod, Valibot, ArkType…): its `~standard.validate`. */
export interface SchemaParameter {
  index: number;
  schema: StandardSchemaV1;
  dto?: undefined;
}

/** What `@Body`, `@Form`, `@Query`, `@Params` and `@Headers` record: a DTO class or a schema, and the parameter's index. */
export type InputParameter = DtoParameter | SchemaParameter;

/** A parameter filled by a `createParamDecorator` decorator. */
export interface CustomParameter {
  index: number;
  resolve: ParamResolver;
  data: unknown;
}

/** The parameters that take a validated DTO or schema: `@Body`, `@Form`, `@Query`, `@Params`, `@Headers`. */
export type DtoInputKey = 'body' | 'form' | 'query' | 'params' | 'headers';

/** What `@RateLimit`, `@CacheControl` and `@ETag` record, on a class (for each of its routes) or on a method. */
export interface ProductionRecord {
  rateLimit?: RateLimitOptions;
  cacheControl?: string | CacheControlOptions;
  etag?: boolean;
  /** `@Auth(...)`, or `false` for `@Public()`. */
  auth?: RouteAuth;
  idempotent?: IdempotentOptions;
  webhook?: WebhookOptions;
}

/** What the decorators record about one method of a controller. */
export interface MethodRecord extends Partial<Record<DtoInputKey, InputParameter>>, ProductionRecord {
  custom: CustomParameter[];
  middleware: Middleware[];
  httpCode?: number;
  tags: string[];
  /** What `@ApiTags` was given, names and objects (`{ name, parent }`): the generator reads the objects. */
  tagDetails?: ApiTagOptions[];
  operation?: ApiOperationOptions;
  responses: ApiResponseOptions[];
  security: SecurityRequirement[];
  /** `@Sse()`: the method's AsyncIterable is sent as Server-Sent Events. */
  sse?: { keepAlive: number };
  /** `@Produces(mediaType)`. */
  produces?: string;
  /** `@McpTool()`: a tool of `createMcpHandler(app)`. */
  mcp?: McpToolOptions;
  /** `@Version(...)`: over the controller's. */
  version?: VersionValue;
  /** `@Deprecated(...)`: over the controller's. */
  deprecated?: DeprecatedOptions;
  /** `@Paginated(item, options)`. */
  paginated?: PageRecord;
}

/** What the decorators record about one class, in the order the decorators ran. */
export interface ClassRecord extends ProductionRecord {
  /** Set by @Controller; a class without it is not a controller. */
  prefix?: string;
  /** Route decorators in declaration order (member order in the class body). */
  routes: { method: RouteMethod; path: string; propertyKey: string }[];
  methods: Map<string, MethodRecord>;
  middleware: Middleware[];
  tags: string[];
  tagDetails?: ApiTagOptions[];
  responses: ApiResponseOptions[];
  security: SecurityRequirement[];
  /** `@ApiSchema({ name })`: the class's (or schema's) component schema name, when not its own name. */
  schemaName?: string;
  /** `@Version(...)` on the controller: the versions of its routes that have none of their own. */
  version?: VersionValue;
  /** `@Deprecated(...)` on the controller: every route of it is deprecated. */
  deprecated?: DeprecatedOptions;
  /** `@WebhookEvent(type, payload)`s: the events the controller sends. */
  events?: [type: string, payload: Class | StandardSchemaV1][];
}

// Keyed by class so that nothing is global and a class that is garbage collected takes its record with it. A schema
// named with `ApiSchema` has a record too (only its `schemaName` is used).
const records = new WeakMap<object, ClassRecord>();

export function classRecord(target: object): ClassRecord {
  let record = records.get(target);
  if (!record) {
    record = { routes: [], methods: new Map(), middleware: [], tags: [], responses: [], security: [] };
    records.set(target, record);
  }
  return record;
}

export function findClassRecord(target: object): ClassRecord | undefined {
  return records.get(target);
}

export function methodRecord(target: Function, propertyKey: string): MethodRecord {
  const record = classRecord(target);
  let method = record.methods.get(propertyKey);
  if (!method) {
    method = { custom: [], middleware: [], tags: [], responses: [], security: [] };
    record.methods.set(propertyKey, method);
  }
  return method;
}

