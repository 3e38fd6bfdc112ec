import type { RouteContext } from '../core/context';
import type { RouteDefinition } from '../routing/route-definitions';
import type { VersioningOptions } from '../routing/versioning';
import type { Class } from '../types';

/** What an action reads of the application: its routes, basePath, versioning and `handle` (an `Application` is one). */
export interface ActionApplication {
  /** The prefix of every route path. */
  readonly basePath: string;
  /** Every route: the action's is found by its controller and method. */
  readonly routes: readonly RouteDefinition[];
  /** The application's versioning: a versioned route is called at its version. */
  readonly versioning?: VersioningOptions;
  /** Answers the request the action makes. */
  handle(request: Request): Promise<Response>;
}

/** A Server Action's answer when the route answered 2xx (or 3xx): `data` is the body the HTTP route sends, parsed. */
export interface ActionSuccess<Data> {
  ok: true;
  data: Data;
}

/**
 * A Server Action's answer when the route answered an error: its status and message, the request id of the log line,
 * each field's messages by the path the HTTP 422's `errors[].field` uses (`title`, `address.city`, `items.0.name`),
 * and the messages that belong to no field (a 401's, a 429's, a rule on the whole input).
 */
export interface ActionFailure {
  ok: false;
  status: number;
  message: string;
  requestId: string;
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
}

/** What a Server Action made by `action()` resolves to: it never throws for a client's mistake. */
export type ActionResult<Data> = ActionSuccess<Data> | ActionFailure;

/** The second argument of an object call: the route's `:name` segments, and `@Idempotent`'s key. */
export interface ActionCallOptions {
  /** The route's path parameters (`{ id: '42' }` for `/tasks/:id`); else taken from the input's fields of those names. */
  params?: Record<string, string | number>;
  /** Sent as the `Idempotency-Key` header (a form sends it as a field named `idempotency-key`). */
  idempotencyKey?: string;
}

/**
 * A controller route as a Server Action. Called with an object (`await createTask({ title })`, typed from the
 * handler's first parameter that is not the context: its `@Body`/`@Form` DTO), with a form's `FormData` (`<form
 * action>`), or as `useActionState` calls it (`(previousState, formData)`, the previous state may be `null`).
 */
export interface RouteAction<Input, Data> {
  (input: Input, options?: ActionCallOptions): Promise<ActionResult<Data>>;
  (formData: FormData): Promise<ActionResult<Data>>;
  // Last: the signature `useActionState` infers its state from.
  (previousState: ActionResult<Data> | null, formData: FormData): Promise<ActionResult<Data>>;
}

/** The names of a controller's methods. */
export type RouteMethodName<C extends Class> = {
  [K in keyof InstanceType<C>]: InstanceType<C>[K] extends (...args: never[]) => unknown ? K : never;
}[keyof InstanceType<C>] &
  string;

/** The handler's first parameter that is not a RouteContext (its `@Body` or `@Form` DTO), or none. */
export type ActionInput<M> = M extends (...args: infer P) => unknown ? FirstInput<P> : never;
type FirstInput<P extends unknown[]> = P extends [infer Head, ...infer Rest] ? (Head extends RouteContext<any, any> ? FirstInput<Rest> : Head) : void | undefined;

/** The data of a route's success: its handler's value as JSON carries it (the route's Response's body: `unknown`). */
export type ActionData<M> = M extends (...args: never[]) => infer R ? Serialized<Awaited<R>> : never;

/**
 * A value as the HTTP route sends it, parsed again: a `Date` is its ISO string, class instances and
 * objects without their methods, a `Map` an object and a `Set` an array (class-transformer's `instanceToPlain`, the
 * default `serialize`), nothing (`undefined`, a 204) `null`.
 */
export type Serialized<T> = T extends Response
  ? unknown
  : T extends undefined | void
    ? null
    : T extends Date
      ? string
      : T extends string | number | boolean | null
        ? T
        : T extends ReadonlyMap<unknown, infer Value>
          ? Record<string, Serialized<Value>>
          : T extends ReadonlySet<infer Item>
            ? Serialized<Item>[]
            : T extends readonly (infer Item)[]
              ? Serialized<Item>[]
              : T extends object
                ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K extends symbol ? never : K]: Property<T[K]> }
                : unknown;
// An undefined property is left out by JSON: optional.
type Property<T> = undefined extends T ? Serialized<Exclude<T, undefined>> | undefined : Serialized<T>;
