import { RouteContext } from '../core/context';
import { HttpError } from '../errors/http-error';
import { credentialOf } from '../auth/credentials';
import type { Verification, Verifier } from '../auth/verify';
import { verifiers } from '../auth/verify';
import { metadataUrl } from './metadata';
import type { McpAuthOptions } from './options';
import type { Tools } from './tools';

/** The MCP endpoint's gate: a verification, or the HTTP answer that refuses the request. */
export interface McpGate {
  /** Verifies the request's bearer token before any JSON-RPC is read: 401 with `resource_metadata` when absent or invalid. */
  authenticate(request: Request): Promise<Verification | Response>;
  /** 403 `insufficient_scope` when a `tools/call` in `message` names a tool whose route needs scopes the token lacks. */
  authorize(message: unknown, found: Verification, tools: Tools): Response | undefined;
}

/**
 * MCP authorization (2025-11-25) as a resource server: RFC 6750 challenges that point at RFC 9728's metadata, so a
 * client can find the authorization server and start OAuth. A verifier that throws (the issuer's keys unreachable) is
 * the 5xx it names, never a 401.
 */
export function mcpGate(options: McpAuthOptions, tools: () => Promise<Tools>): McpGate {
  const { scheme, resource } = options;
  if (scheme?.type !== 'bearer' || resource === undefined) {
    throw new TypeError('createMcpHandler(app, { auth: { scheme, resource } }) needs a bearer scheme and the endpoint\'s resource URL.');
  }
  const metadata = String(options.resourceMetadata ?? metadataUrl(resource));
  let verify: Promise<Verifier> | undefined;
  const challenge = (extra: string) => `Bearer resource_metadata="${metadata}"${extra}`;
  const refuse = (status: number, message: string, wwwAuthenticate: string) =>
    Response.json({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }, { status, headers: { 'www-authenticate': wwwAuthenticate } });

  return {
    async authenticate(request) {
      const context = new RouteContext(request, {});
      const token = credentialOf(scheme, context);
      let found: Verification | undefined;
      if (token !== undefined) {
        try {
          verify ??= verifiers([scheme]).then((map) => map.get(scheme)!);
          found = await (await verify)(token, context);
        } catch (error) {
          if (!HttpError.is(error)) console.error('next-app-controllers: the MCP token could not be verified.', error);
          const [status, message, headers] = HttpError.is(error) ? [error.status, error.message, error.headers] : [500, 'The token could not be verified', undefined];
          return Response.json({ jsonrpc: '2.0', error: { code: -32603, message }, id: null }, { status, headers });
        }
      }
      if (found) return found;
      const scopes = [...new Set([...(await tools()).byName.values()].flatMap((tool) => tool.scopes))];
      const scope = scopes.length > 0 ? `, scope="${scopes.join(' ')}"` : '';
      return token === undefined
        ? refuse(401, 'Authentication required: send a bearer token', challenge(scope))
        : refuse(401, 'The token is not valid', challenge(`, error="invalid_token"${scope}`));
    },
    authorize(message, found, { byName }) {
      for (const entry of Array.isArray(message) ? message : [message]) {
        const { method, params } = (entry ?? {}) as { method?: unknown; params?: { name?: unknown } };
        if (method !== 'tools/call' || typeof params?.name !== 'string') continue;
        const needed = byName.get(params.name)?.scopes ?? [];
        const missing = needed.filter((scope) => !found.scopes.includes(scope));
        if (missing.length > 0) {
          return refuse(403, `The tool ${params.name} needs the scopes ${needed.join(', ')}`, challenge(`, error="insufficient_scope", scope="${needed.join(' ')}"`));
        }
      }
      return undefined;
    },
  };
}
