import type { McpApplication, ProtectedResourceMetadataOptions } from './options';
import { exposedRoutes, scopesOf } from './tools';

const PREFIX = '/.well-known/oauth-protected-resource';

/**
 * RFC 9728's protected resource metadata of the MCP endpoint, for the route file
 * `app/.well-known/oauth-protected-resource/[[...path]]/route.ts`: served at the well-known address of the resource
 * (the resource's path after the prefix) and at the bare prefix, which clients try next. `scopes_supported` are the
 * scopes the exposed routes' `@Auth` needs.
 */
export function metadataHandler(app: McpApplication, options: ProtectedResourceMetadataOptions): (request: Request) => Promise<Response> {
  if (typeof app?.fetch !== 'function' || !Array.isArray(app.routes)) throw new TypeError('createProtectedResourceMetadataHandler(app) takes the application createApplication returns.');
  const servers = options?.authorizationServers;
  if (options?.resource === undefined || !Array.isArray(servers) || servers.length === 0) {
    throw new TypeError('createProtectedResourceMetadataHandler(app, { resource, authorizationServers }) needs the resource URL and at least one authorization server.');
  }
  const resource = new URL(String(options.resource));
  const path = resource.pathname.replace(/\/$/, '');
  const scopes = [...new Set(exposedRoutes(app, options.tools).flatMap(scopesOf))];
  const document = {
    resource: resource.href,
    authorization_servers: servers.map(String),
    bearer_methods_supported: ['header'],
    ...(scopes.length > 0 ? { scopes_supported: scopes } : {}),
    ...(options.resourceName ? { resource_name: options.resourceName } : {}),
  };
  return async (request) => {
    const asked = new URL(request.url).pathname.replace(/\/$/, '');
    const index = asked.indexOf(PREFIX);
    const rest = index === -1 ? undefined : asked.slice(index + PREFIX.length);
    if (rest !== '' && rest !== path) return Response.json({ message: 'No protected resource here' }, { status: 404 });
    return Response.json(document, { headers: { 'cache-control': 'public, max-age=3600', 'access-control-allow-origin': '*' } });
  };
}

/** RFC 9728's well-known address of a resource's metadata: the prefix inserted between its origin and path. */
export function metadataUrl(resource: string | URL): string {
  const url = new URL(String(resource));
  return `${url.origin}${PREFIX}${url.pathname.replace(/\/$/, '')}`;
}
