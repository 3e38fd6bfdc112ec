import { namedExport } from './interop';

/** What the MCP handler uses of @modelcontextprotocol/sdk, an optional peer. */
export interface McpSdk {
  Server: new (info: { name: string; version: string }, options: object) => McpServerLike;
  Transport: new (options: { sessionIdGenerator: undefined; enableJsonResponse: boolean }) => McpTransportLike;
  ListToolsRequestSchema: unknown;
  CallToolRequestSchema: unknown;
  McpError: new (code: number, message: string) => Error;
}

export interface McpServerLike {
  setRequestHandler(schema: unknown, handler: (request: { params: { name: string; arguments?: Record<string, unknown> } }) => unknown): void;
  connect(transport: McpTransportLike): Promise<void>;
}

export interface McpTransportLike {
  handleRequest(request: Request, options?: { parsedBody?: unknown }): Promise<Response>;
}

/**
 * @modelcontextprotocol/sdk, imported where bundlers see it, as `importSchemaGenerator` imports
 * class-validator-jsonschema: each literal import stands inside `try`, which Turbopack and webpack take as optional, so
 * an app without the SDK builds, and one with it gets it bundled into the MCP chunk (an `output: 'standalone'` build
 * carries it). The SDK has no root entry, hence three subpaths.
 */
export async function importMcpSdk(): Promise<McpSdk> {
  let server: unknown;
  let transport: unknown;
  let types: unknown;
  try {
    server = await import('@modelcontextprotocol/sdk/server/index.js');
    transport = await import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js');
    types = await import('@modelcontextprotocol/sdk/types.js');
  } catch (error) {
    throw error;
  }
  const sdk = {
    Server: namedExport<McpSdk['Server']>(server, 'Server'),
    Transport: namedExport<McpSdk['Transport']>(transport, 'WebStandardStreamableHTTPServerTransport'),
    ListToolsRequestSchema: namedExport(types, 'ListToolsRequestSchema'),
    CallToolRequestSchema: namedExport(types, 'CallToolRequestSchema'),
    McpError: namedExport<McpSdk['McpError']>(types, 'McpError'),
  };
  if (typeof sdk.Server !== 'function' || typeof sdk.Transport !== 'function' || typeof sdk.McpError !== 'function' || !sdk.ListToolsRequestSchema || !sdk.CallToolRequestSchema) {
    throw new Error('@modelcontextprotocol/sdk is not installed, or has no WebStandardStreamableHTTPServerTransport (1.32 or later has it).');
  }
  return sdk as McpSdk;
}
