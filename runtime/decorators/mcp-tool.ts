import type { McpToolOptions } from '../types';
import { onMethod } from './legacy';

/**
 * Marks the route as a tool of `createMcpHandler(app)`: an agent can call it over the Model Context Protocol, through
 * the route's middleware and validation. Its input schema is the route's path parameters, query and body.
 */
export function McpTool(options: McpToolOptions = {}): MethodDecorator {
  return onMethod('McpTool', (record) => (record.mcp = options));
}
