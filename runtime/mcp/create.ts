import { lazyHandler } from '../docs';
import type { McpApplication, McpHandlerOptions, McpHandlers } from './options';

/**
 * Serves the application's routes as MCP tools over Streamable HTTP, stateless, from a route file such as
 * `app/mcp/route.ts`. The server (and @modelcontextprotocol/sdk, an optional peer) is a chunk loaded on the first
 * request. See runtime/mcp.
 */
export function createMcpHandler(app: McpApplication, options: McpHandlerOptions = {}): McpHandlers {
  const handle = lazyHandler<[Request]>(() => import('./server').then((chunk) => chunk.mcpServer(app, options)));
  return { GET: handle, POST: handle, DELETE: handle };
}
