import { classRecord } from '../../metadata/records';
import type { RouteMethod } from '../../types';
import { assertLegacyDecorator, memberName } from '../legacy';

function route(method: RouteMethod, decoratorName: string) {
  return (path = ''): MethodDecorator =>
    (target, propertyKey) => {
      assertLegacyDecorator(decoratorName, propertyKey);
      if (typeof path !== 'string') throw new TypeError(`@${decoratorName}(path) takes a string, got ${typeof path}.`);
      classRecord(target.constructor).routes.push({ method, path, propertyKey: memberName(decoratorName, propertyKey) });
    };
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
