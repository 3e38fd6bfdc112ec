import type { AuthOptions, AuthScheme, PrincipalOf } from '../../metadata/auth-schemes';
import { principalOf } from '../../metadata/principal';
import type { ParamResolver } from '../../types';
import { onClassOrMethod } from '../legacy';
import type { InputDecorator } from '../parameters/input-decorator';
import { createParamDecorator } from '../parameters/param-decorator';

type ClassOrMethodDecorator = (target: object, propertyKey?: string | symbol, descriptor?: unknown) => void;

/**
 * The route (on a method) or every route of the controller (on a class) needs a credential of one of `schemes`, tried
 * in order (those whose credential the request carries); the last argument may be the options: `scopes` (all needed),
 * `roles` (any one), `policy`, `optional`. A method's `@Auth` replaces its class's; one that names no scheme
 * (`@Auth({ scopes: ['posts:write'] })`) keeps the class's schemes and options, its own replacing theirs one by one
 * (under a class without `@Auth`, the application's `default` scheme). Checked when the application is created (every
 * scheme listed in `createApplication({ auth: { schemes } })`), enforced by the dispatcher.
 */
export function Auth<S extends AuthScheme<any>[]>(...args: [...S] | [...S, AuthOptions<PrincipalOf<S[number]>>]): ClassOrMethodDecorator {
  const schemes = args as (AuthScheme | AuthOptions)[];
  // Every scheme has a `type`, options never: a last argument without one is the options.
  const options = (schemes.at(-1) as AuthScheme | undefined)?.type ? undefined : (schemes.pop() as AuthOptions | undefined);
  return onClassOrMethod('Auth', (record) => (record.auth = { ...options, schemes: schemes as AuthScheme[] }));
}

/** The route (or every route of the controller) needs no credential, even under `createApplication({ auth: { default } })`. */
export function Public(): ClassOrMethodDecorator {
  return onClassOrMethod('Public', (record) => (record.auth = false));
}

/**
 * The principal of the scheme that let the request in (`@Principal()`), or of one scheme (`@Principal(jwt)`:
 * `undefined` when another let it in, or none with `optional`). Its type is `PrincipalOf<typeof jwt>`: the parameter's
 * type must accept it (see {@link InputDecorator}), or the decorator fails to compile. `@Principal()` is not checked.
 */
export const Principal: <S extends AuthScheme<any> | undefined = undefined>(scheme?: S) => InputDecorator<'@Principal', S extends AuthScheme<infer P> ? P : unknown> =
  createParamDecorator(principalOf as ParamResolver<unknown, AuthScheme>);
