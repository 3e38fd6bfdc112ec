import type { ApiOperationOptions, ApiResponseOptions, Class, DeprecatedOptions, Middleware, ParamResolver, RouteMethod, SecurityRequirement, VersionValue } from '../types';

export interface DtoParameter {
  index: number;
  dto: Class;
}

/** A parameter filled by a `createParamDecorator` decorator. */
export interface CustomParameter {
  index: number;
  resolve: ParamResolver;
  data: unknown;
}

/** The parameters that take a validated DTO: `@Body`, `@Form`, `@Query`, `@Params`, `@Headers`. */
export type DtoInputKey = 'body' | 'form' | 'query' | 'params' | 'headers';

/** What the decorators record about one method of a controller. */
export interface MethodRecord extends Partial<Record<DtoInputKey, DtoParameter>> {
  custom: CustomParameter[];
  middleware: Middleware[];
  httpCode?: number;
  tags: string[];
  operation?: ApiOperationOptions;
  responses: ApiResponseOptions[];
  security: SecurityRequirement[];
  /** `@Sse()`: the method's AsyncIterable is sent as Server-Sent Events. */
  sse?: { keepAlive: number };
  /** `@Produces(mediaType)`. */
  produces?: string;
  /** `@Version(...)`: over the controller's. */
  version?: VersionValue;
  /** `@Deprecated(...)`: over the controller's. */
  deprecated?: DeprecatedOptions;
}

/** What the decorators record about one class, in the order the decorators ran. */
export interface ClassRecord {
  /** Set by @Controller; a class without it is not a controller. */
  prefix?: string;
  /** Route decorators in declaration order (member order in the class body). */
  routes: { method: RouteMethod; path: string; propertyKey: string }[];
  methods: Map<string, MethodRecord>;
  middleware: Middleware[];
  tags: string[];
  responses: ApiResponseOptions[];
  security: SecurityRequirement[];
  /** `@ApiSchema({ name })`: the class's component schema name, when not its own name. */
  schemaName?: string;
  /** `@Version(...)` on the controller: the versions of its routes that have none of their own. */
  version?: VersionValue;
  /** `@Deprecated(...)` on the controller: every route of it is deprecated. */
  deprecated?: DeprecatedOptions;
}

// Keyed by class so that nothing is global and a class that is garbage collected takes its record with it.
const records = new WeakMap<Function, ClassRecord>();

export function classRecord(target: Function): ClassRecord {
  let record = records.get(target);
  if (!record) {
    record = { routes: [], methods: new Map(), middleware: [], tags: [], responses: [], security: [] };
    records.set(target, record);
  }
  return record;
}

export function findClassRecord(target: Function): ClassRecord | undefined {
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

