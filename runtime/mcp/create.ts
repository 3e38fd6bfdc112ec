import { lazyHandler } from '../docs';
import type { McpApplication, McpHandlerOptions, McpHandlers, ProtectedResourceMetadataHandlers, ProtectedResourceMetadataOptions } from './options';

const chunk = () => import('./server');

/**
 * Serves the application's routes as MCP tools over Streamable HTTP, stateless, from a route file such as
 * `app/mcp/route.ts`. The server (and @modelcontextprotocol/sdk, an optional peer) is a chunk loaded on the first
 * request. See runtime/mcp.
 */
export function createMcpHandler(app: McpApplication, options: McpHandlerOptions = {}): McpHandlers {
  const handle = lazyHandler<[Request]>(() => chunk().then((server) => server.mcpServer(app, options)));
  return { GET: handle, POST: handle, DELETE: handle };
}

/** The GET of `app/.well-known/oauth-protected-resource/[[...path]]/route.ts`: RFC 9728's metadata of the MCP endpoint. */
export const createProtectedResourceMetadataHandler = (app: McpApplication, options: ProtectedResourceMetadataOptions): ProtectedResourceMetadataHandlers => ({
  GET: lazyHandler<[Request]>(() => chunk().then((server) => server.metadataHandler(app, options))),
});
