import type { RouteContext } from '../core/context';
import type { ApiKeyOptions, AuthScheme, JwtBearerOptions, SessionOptions } from '../metadata/auth-schemes';

/** The credential of `scheme` the request carries (a session's cookie value), or undefined when it carries none. */
export function credentialOf(scheme: AuthScheme, context: RouteContext): string | undefined {
  const { request } = context;
  if (scheme.type === 'bearer') {
    const header = request.headers.get('authorization');
    const prefix = (scheme.options as JwtBearerOptions<unknown>).prefix ?? 'Bearer';
    if (header === null || header.length <= prefix.length + 1 || header[prefix.length] !== ' ' || header.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase()) return undefined;
    return header.slice(prefix.length + 1).trim() || undefined;
  }
  if (scheme.type === 'session') return cookie(request, (scheme.options as SessionOptions<unknown>).cookie, true);
  const { header, query, cookie: name } = scheme.options as ApiKeyOptions<unknown>;
  if (header) return request.headers.get(header) ?? undefined;
  if (query) return context.query.get(query) ?? undefined;
  return name ? cookie(request, name) : undefined;
}

/** A scheme whose credential a browser sends by itself, which cross-site requests must not use. */
export function fromCookie(scheme: AuthScheme): boolean {
  return scheme.type === 'session' || (scheme.type === 'apiKey' && !!(scheme.options as ApiKeyOptions<unknown>).cookie);
}

/** The challenge of `scheme` in a 401's `WWW-Authenticate`, with `error="invalid_token"` when its credential was sent. */
export function challenge(scheme: AuthScheme, sent: boolean): string {
  const error = sent ? ' error="invalid_token"' : '';
  if (scheme.type === 'bearer') return `${(scheme.options as JwtBearerOptions<unknown>).prefix ?? 'Bearer'} realm="${scheme.name}"${error && `,${error}`}`;
  if (scheme.type === 'session') return `Session realm="${scheme.name}", cookie="${(scheme.options as SessionOptions<unknown>).cookie}"${error && `,${error}`}`;
  const { header, query, cookie: name } = scheme.options as ApiKeyOptions<unknown>;
  const where = header ? `header="${header}"` : query ? `query="${query}"` : `cookie="${name}"`;
  return `ApiKey realm="${scheme.name}", ${where}${error && `,${error}`}`;
}

/**
 * The value of the cookie `name`. A session's cookie also under the names providers give it: `__Secure-`/`__Host-`
 * before it over HTTPS (Better Auth, Auth.js), `.0` after it when a large session is split into chunks (Auth.js,
 * Supabase): the scheme's `resolve` reads the cookies itself, the value only says one is there.
 */
function cookie(request: Request, name: string, session = false): string | undefined {
  const header = request.headers.get('cookie');
  if (header === null) return undefined;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    const key = equals === -1 ? '' : part.slice(0, equals).trim();
    if (key !== name && !(session && key.replace(/^__(?:Secure|Host)-/, '').replace(/\.0$/, '') === name)) continue;
    const value = part.slice(equals + 1).trim();
    try {
      return decodeURIComponent(value) || undefined;
    } catch {
      return value || undefined;
    }
  }
  return undefined;
}

/** Scopes and roles a principal (or a JWT's claims) grants: `scope`/`scp` space-separated or arrays, `scopes`, `roles`. */
export function grantsOf(source: unknown): { scopes: string[]; roles: string[] } {
  const value = (source ?? {}) as Record<string, unknown>;
  return { scopes: list(value.scope ?? value.scp ?? value.scopes), roles: list(value.roles ?? value.role) };
}

function list(value: unknown): string[] {
  if (typeof value === 'string') return value.split(' ').filter(Boolean);
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}
