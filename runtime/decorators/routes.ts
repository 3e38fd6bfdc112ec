import { classRecord } from './metadata';
import type { RouteMethod } from '../types';
import { assertLegacyDecorator, memberName } from './legacy';

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
export const Post = route('POST', 'Post');
export const Put = route('PUT', 'Put');
export const Patch = route('PATCH', 'Patch');
export const Delete = route('DELETE', 'Delete');
export const Head = route('HEAD', 'Head');
export const Options = route('OPTIONS', 'Options');
/** Matches every HTTP method. */
export const All = route('ALL', 'All');
