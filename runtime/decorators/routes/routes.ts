import type { RouteContext } from '../../core/context';
import { classRecord } from '../../metadata/records';
import type { RouteMethod } from '../../types';
import { assertLegacyDecorator, memberName } from '../legacy';

/** The names of a path's `:name` segments: `'/posts/:id/comments/:n'` → `'id' | 'n'`; none for a `string`. */
export type PathParamNames<P extends string> = P extends `${infer Head}/${infer Rest}` ? SegmentName<Head> | PathParamNames<Rest> : SegmentName<P>;
type SegmentName<S extends string> = S extends `:${infer Name}` ? Name : never;

/** Which of `Names` a parameter of type `T` leaves out: those its `RouteContext<Params>` does not name (none for another type). */
type LeftOut<Names extends string, T> = 0 extends 1 & T ? never : T extends RouteContext<infer Params, any> ? (string extends keyof Params ? never : Exclude<Names, keyof Params>) : never;

/**
 * `unknown` when every `RouteContext<Params>` parameter of the method `M` names each of the path's `:name`s (it may
 * name more: the controller's prefix has its own, which a method decorator cannot see); else the type the compiler's
 * message shows, naming the decorator and the params it gives.
 */
type NamingParams<Label extends string, Names extends string, M> = [Names] extends [never]
  ? unknown
  : M extends (...args: infer A) => unknown
    ? [{ [I in keyof A]-?: LeftOut<Names, A[I]> }[number]] extends [never]
      ? unknown
      : { [_ in `${Label} gives the context params`]: { [N in Names]: string } }
    : unknown;

/**
 * A route decorator, `@Get('/:id')`: a parameter typed `RouteContext<Params>` must name every `:name` of the path
 * (`RouteContext<{ id: string }>`), or the decorator fails to compile, the message naming the decorator and the params.
 */
export interface RouteDecorator<Label extends string, Names extends string> {
  <K extends string | symbol, M>(target: object, propertyKey: K & NamingParams<Label, Names, M>, descriptor: TypedPropertyDescriptor<M>): void;
}

/** `@Get(path)` and its siblings. */
export type RouteDecoratorFactory<Name extends string> = <P extends string = ''>(path?: P) => RouteDecorator<`@${Name}('${P}')`, PathParamNames<P>>;

function route<Name extends string>(method: RouteMethod, decoratorName: Name): RouteDecoratorFactory<Name> {
  const factory = (path = ''): MethodDecorator =>
    (target, propertyKey) => {
      assertLegacyDecorator(decoratorName, propertyKey);
      if (typeof path !== 'string') throw new TypeError(`@${decoratorName}(path) takes a string, got ${typeof path}.`);
      classRecord(target.constructor).routes.push({ method, path, propertyKey: memberName(decoratorName, propertyKey) });
    };
  return factory as RouteDecoratorFactory<Name>;
}

/** `@Get(path)`: `path` is appended to the controller prefix; `""` is the prefix itself; `:name` captures a segment. */
export const Get = route('GET', 'Get');
/** `@Post(path)`: a POST route; `path` as for {@link Get}. */
export const Post = route('POST', 'Post');
/** `@Put(path)`: a PUT route; `path` as for {@link Get}. */
export const Put = route('PUT', 'Put');
/** `@Patch(path)`: a PATCH route; `path` as for {@link Get}. */
export const Patch = route('PATCH', 'Patch');
/** `@Delete(path)`: a DELETE route; `path` as for {@link Get}. */
export const Delete = route('DELETE', 'Delete');
/** `@Head(path)`: a HEAD route; `path` as for {@link Get}. Without one, a HEAD request is answered by the GET route, without the body. */
export const Head = route('HEAD', 'Head');
/** `@Options(path)`: an OPTIONS route; `path` as for {@link Get}. Without one, the application answers OPTIONS itself (a CORS preflight, or `Allow`). */
export const Options = route('OPTIONS', 'Options');
/** Matches every HTTP method. */
export const All = route('ALL', 'All');
