import type { AuthScheme, JwtBearerOptions, SessionOptions, ApiKeyOptions } from '../../metadata/auth-schemes';
import { HttpError } from '../../errors/http-error';
import { defaultErrorBody } from '../../errors/error-handler';
import type { DocumentedApplication } from '../registry';
import type { RouteDefinition } from '../../routing/route-definitions';
import { errorMediaType, errorSchemaRef, type ErrorFormatKind } from './errors';
import type { HeaderObject, OperationObject, ReferenceObject, ResponseObject, SecuritySchemeObject } from '../types';

// What `@Auth` and `createApplication({ auth })` put in the document: the schemes, each operation's `security`, and the
// 401 and 403 the dispatcher answers (auth/enforce.ts), in the application's error format.

export const UNAUTHORIZED_REF: ReferenceObject = { $ref: '#/components/responses/Unauthorized' };
export const FORBIDDEN_REF: ReferenceObject = { $ref: '#/components/responses/Forbidden' };

export const WWW_AUTHENTICATE: HeaderObject = {
  description: 'The challenges of the schemes the operation accepts (RFC 9110); `error="invalid_token"` when the credential sent was not valid, `error="insufficient_scope"` with the scopes needed.',
  schema: { type: 'string', examples: ['Bearer realm="jwt", error="invalid_token"'] },
};

/** components.securitySchemes of the applications' `auth.schemes`, by name. */
export function authSecuritySchemes(applications: readonly DocumentedApplication[]): Record<string, SecuritySchemeObject> {
  const schemes: Record<string, SecuritySchemeObject> = {};
  for (const application of applications) for (const scheme of application.auth?.schemes ?? []) schemes[scheme.name] = securityScheme(scheme);
  return schemes;
}

function securityScheme(scheme: AuthScheme): SecuritySchemeObject {
  const options = scheme.options;
  const scopes = (options as JwtBearerOptions<unknown>).scopes;
  const described = [options.description, scopes && `Scopes: ${Object.entries(scopes).map(([name, text]) => `\`${name}\`: ${text}`).join('; ')}.`].filter(Boolean).join('\n\n');
  const description = described ? { description: described } : {};
  if (scheme.type === 'bearer') {
    const prefix = (options as JwtBearerOptions<unknown>).prefix;
    return { type: 'http', scheme: prefix ?? 'bearer', ...('jwt' in options ? { bearerFormat: 'JWT' } : {}), ...description };
  }
  if (scheme.type === 'session') return { type: 'apiKey', in: 'cookie', name: (options as SessionOptions<unknown>).cookie, ...description };
  const { header, query, cookie } = options as ApiKeyOptions<unknown>;
  return { type: 'apiKey', in: header ? 'header' : query ? 'query' : 'cookie', name: (header ?? query ?? cookie)!, ...description };
}

/**
 * The operation's `security` (its schemes as alternatives, `{}` too when optional; `[]` for `@Public()` under a
 * `default`) and its 401 and 403, unless `@ApiResponse` declared them.
 */
export function describeAuth(operation: Omit<OperationObject, 'operationId'>, route: RouteDefinition, application: DocumentedApplication): void {
  const auth = route.auth;
  if (auth === false) {
    if (application.auth?.default && route.security.length === 0) operation.security = [];
    return;
  }
  if (!auth) return;
  const scopes = auth.scopes ?? [];
  operation.security = [...auth.schemes.map((scheme) => ({ [scheme.name]: [...scopes] })), ...(auth.optional ? [{}] : []), ...(operation.security ?? [])];
  const responses = operation.responses;
  responses['401'] ??= UNAUTHORIZED_REF;
  responses['403'] ??= FORBIDDEN_REF;
  if (scopes.length > 0) {
    const descriptions = auth.schemes.map((scheme) => (scheme.options as JwtBearerOptions<unknown>).scopes ?? {});
    const needed = scopes.map((scope) => {
      const text = descriptions.find((entry) => entry[scope])?.[scope];
      return text ? `\`${scope}\` (${text})` : `\`${scope}\``;
    });
    const line = `Needs the scope${scopes.length > 1 ? 's' : ''} ${needed.join(', ')}.`;
    operation.description = operation.description ? `${operation.description}\n\n${line}` : line;
  }
}

/** components.responses.Unauthorized and Forbidden, in the application's error format, with `WWW-Authenticate`. */
export function authResponses(kind: ErrorFormatKind): Record<string, ResponseObject> {
  const answer = (status: 401 | 403, description: string, message: string): ResponseObject => {
    const media: ResponseObject['content'] = { [errorMediaType(kind)]: { schema: errorSchemaRef(kind, status) } };
    if (kind === 'default') media[errorMediaType(kind)].example = defaultErrorBody(new HttpError(status, message));
    return { description, headers: { 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } }, content: media };
  };
  return {
    Unauthorized: answer(401, 'Unauthorized: no credential, or one that is not valid', 'Authentication required'),
    Forbidden: answer(403, 'Forbidden: the principal lacks a scope, a role or the policy refused it', 'Needs the scopes posts:write'),
  };
}
