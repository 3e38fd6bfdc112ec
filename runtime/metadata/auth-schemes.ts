import type { RouteContext } from '../core/context';

// What importing the library holds of authentication: the schemes' types, and factories that only record their
// options. Verifying, and everything a request goes through, is in auth/enforce.ts, a chunk the dispatcher of an
// application that uses auth loads.

/** A value a scheme's `verify`/`resolve` may answer: the principal, or `undefined` for "not a valid credential" (401). */
export type Verified<P> = P | undefined | Promise<P | undefined>;

/** The claims of a verified JWT, as jose's `jwtVerify` gives them. */
export interface JwtClaims {
  /** The subject: who the token is about (the principal's key for per-principal rate limits). */
  sub?: string;
  /** Granted scopes, space-separated (RFC 8693). */
  scope?: string;
  /** Granted scopes, Microsoft's and Okta's way: an array or a space-separated string. */
  scp?: string | string[];
  /** Roles (`@Auth(jwt, { roles })`). */
  roles?: string[];
  [claim: string]: unknown;
}

/** How `bearer({ jwt })` verifies a token: with jose's `jwtVerify`. */
export interface JwtVerification {
  /**
   * The issuer's JSON Web Key Set: its absolute URL (`https://issuer/.well-known/jwks.json`), fetched on first use and
   * cached per scheme, or the set itself (`{ keys: [...] }`, e.g. your own keys' public JWKs), used as it is.
   */
  jwks?: string | URL | { keys: readonly object[] };
  /** Or a key: a shared secret (HS256) as a string or bytes, a CryptoKey, or a PEM public key (`algorithms` names its algorithm). */
  key?: string | Uint8Array | CryptoKey;
  /** The `iss` the token must carry (one of them). */
  issuer: string | string[];
  /** The `aud` the token must carry (one of them). */
  audience: string | string[];
  /** The algorithms accepted. Default: those of the key (jose's default). */
  algorithms?: string[];
}

/** What every scheme takes. */
interface SchemeOptions {
  /** The scheme's name: its key in the document's `securitySchemes`; unique in an application. */
  name: string;
  /** The scheme's description in the document. */
  description?: string;
}

/** `bearer({ name, jwt })`: a JWT in `Authorization: Bearer …`, verified with jose (an optional peer: `npm install jose`). */
export interface JwtBearerOptions<P> extends SchemeOptions {
  jwt: JwtVerification;
  /** Maps the verified claims to your principal. Default: the claims. */
  principal?: (claims: JwtClaims) => P;
  /** Each scope the API uses, with its description (the document's scope descriptions). */
  scopes?: Record<string, string>;
  /** The word before the token. Default `Bearer`. */
  prefix?: string;
}

/** `bearer({ name, verify })`: an opaque token in `Authorization: Bearer …`, checked by `verify`. */
export interface OpaqueBearerOptions<P> extends SchemeOptions {
  /** The token's principal, or `undefined` for an unknown one (401). A throw is a server error, never a 401. */
  verify: (token: string, context: RouteContext) => Verified<P>;
  /** Each scope the API uses, with its description. */
  scopes?: Record<string, string>;
  /** The word before the token (`'Token'`, as the RealWorld API uses). Default `Bearer`. */
  prefix?: string;
}

/** `apiKey({ name, header | query | cookie, verify })`: a key in a header, a query parameter or a cookie. */
export interface ApiKeyOptions<P> extends SchemeOptions {
  /** The header that carries the key (`'X-API-Key'`). */
  header?: string;
  /** Or the query parameter. */
  query?: string;
  /** Or the cookie (a cookie scheme: unsafe methods are checked against cross-site requests). */
  cookie?: string;
  /** The key's principal, or `undefined` for an unknown key (401). Compare keys in constant time. */
  verify: (key: string, context: RouteContext) => Verified<P>;
}

/** `session({ name, cookie, resolve })`: a cookie session from any provider. */
export interface SessionOptions<P> extends SchemeOptions {
  /** The session cookie's name: its presence is what makes the scheme try (`'better-auth.session_token'`). */
  cookie: string;
  /** The session's principal, or `undefined` for none (401): e.g. `auth.api.getSession({ headers: request.headers })`. */
  resolve: (request: Request, context: RouteContext) => Verified<P>;
}

/**
 * An authentication scheme, made by {@link bearer}, {@link apiKey} or {@link session}: a plain record of its options,
 * which `@Auth`, `createApplication({ auth })` and the document read. `P` is its principal's type ({@link PrincipalOf}).
 */
export interface AuthScheme<P = unknown> {
  readonly type: 'bearer' | 'apiKey' | 'session';
  readonly name: string;
  readonly options: JwtBearerOptions<P> | OpaqueBearerOptions<P> | ApiKeyOptions<P> | SessionOptions<P>;
  /** The principal's type, for {@link PrincipalOf}; never set. */
  readonly principal?: P;
}

/** The principal a scheme gives: the return type of its `principal`, `verify` or `resolve` (a JWT's claims by default). */
export type PrincipalOf<S> = S extends AuthScheme<infer P> ? P : never;

const scheme =
  (type: AuthScheme['type']) =>
  (options: AuthScheme['options']): AuthScheme => ({ type, name: options.name, options });

/** A bearer token: a JWT verified with jose (`jwt`), or an opaque token your `verify` checks. */
export const bearer: {
  <P = JwtClaims>(options: JwtBearerOptions<P>): AuthScheme<P>;
  <P>(options: OpaqueBearerOptions<P>): AuthScheme<P>;
} = scheme('bearer') as never;

/** An API key in a header, a query parameter or a cookie, checked by your `verify`. */
export const apiKey: <P>(options: ApiKeyOptions<P>) => AuthScheme<P> = scheme('apiKey') as never;

/** A cookie session from any provider (Better Auth, Auth.js, Clerk, Supabase), resolved by your `resolve`. */
export const session: <P>(options: SessionOptions<P>) => AuthScheme<P> = scheme('session') as never;

/** `@Auth(...schemes, options)`: what the principal must also have. */
export interface AuthOptions<P = unknown> {
  /** Scopes the principal must all have (the `scope`/`scp` claim, or the principal's `scopes`/`scope`). 403 otherwise. */
  scopes?: string[];
  /** Roles of which the principal must have one (the `roles` claim or the principal's `roles`). 403 otherwise. */
  roles?: string[];
  /** Your own rule: `false` is a 403. */
  policy?: (principal: P, context: RouteContext) => boolean | Promise<boolean>;
  /** No credential: the request goes on anonymously (`@Principal()` is `undefined`); a bad one is still a 401. */
  optional?: boolean;
}

/** `createApplication({ auth })`: the schemes the routes use, and the default. */
export interface ApplicationAuthOptions {
  /** Every scheme a route uses. Two with one name are an error. */
  schemes: AuthScheme<any>[];
  /** The scheme every route without `@Auth` or `@Public` needs (secure by default). */
  default?: AuthScheme<any>;
  /**
   * Failed authentications (a credential present but invalid) per client address, counted in the `rateLimit` store:
   * past `limit` per `window` milliseconds the address gets 429 for what remains of the window. Default
   * `{ limit: 20, window: 60_000 }`; `false` turns it off.
   */
  failures?: false | { limit: number; window: number };
}

/** A route's authentication, resolved by `createApplication`: `false` for `@Public()`. */
export type RouteAuth = false | ({ schemes: AuthScheme[] } & AuthOptions<any>);
