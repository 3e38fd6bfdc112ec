import type { ParamResolver } from '../../types';
import { methodRecord } from '../../metadata/records';
import { assertLegacyDecorator, memberName } from '../legacy';
import type { InputDecorator } from './input-decorator';

/**
 * Makes a parameter decorator: `const CurrentUser = createParamDecorator((context) => context.state.user)`, then
 * `me(@CurrentUser() user: User)`. `fn` runs before the handler, after middleware; a throw (an HttpError for its
 * status) is answered like a throw in the handler. The parameter's type must accept what `fn` returns (a `User`
 * above, or a wider type; see {@link InputDecorator}), or the decorator fails to compile; an `unknown` is not checked.
 */
export function createParamDecorator<T = unknown, D = undefined>(fn: ParamResolver<T, D>): (data?: D) => InputDecorator<'createParamDecorator(fn)', T>;
export function createParamDecorator<T = unknown, D = undefined>(fn: ParamResolver<T, D>): (data?: D) => ParameterDecorator {
  if (typeof fn !== 'function') throw new TypeError(`createParamDecorator(fn) needs a function (context, data) => value, got ${typeof fn}.`);
  return (data?: D) => (target, propertyKey, index) => {
    const name = fn.name || 'createParamDecorator';
    assertLegacyDecorator(name, propertyKey);
    const method = memberName(name, propertyKey);
    methodRecord(target.constructor, method).custom.push({ index, resolve: fn as ParamResolver, data });
  };
}
