import { lazy } from '../core/lazy';
import { importMcpSdk, type McpSdk } from '../peers/mcp-sdk';
import { mcpGate } from './authorize';
import { callTool } from './call';
import type { McpApplication, McpHandlerOptions } from './options';
import { describeTools, type Tools } from './tools';

export { metadataHandler } from './metadata';

const MISSING =
  'The MCP handler serves MCP with @modelcontextprotocol/sdk, which is not installed. Install it with zod, its peer ' +
  '(npm install @modelcontextprotocol/sdk zod), or run `next-app-controllers init --mcp`.';

// The server never asks the client for input (elicitation), the only use of the SDK's JSON Schema validator; without
// one the SDK builds an Ajv instance for every request.
const NO_VALIDATOR = {
  getValidator() {
    throw new Error('next-app-controllers: the MCP server validates no client input.');
  },
};

/**
 * The MCP endpoint of one application: Streamable HTTP, stateless, answering JSON (no session, no server-sent stream).
 * Each POST gets a server and a transport of its own, as the SDK requires of a stateless server; the tools and the
 * SDK are loaded once. GET and DELETE answer 405, as the transport's specification lets a server without a stream or
 * sessions do. `loadSdk` is for tests (a loader that fails is an app without the SDK).
 */
export function mcpServer(app: McpApplication, options: McpHandlerOptions, loadSdk: () => Promise<McpSdk> = importMcpSdk): (request: Request) => Promise<Response> {
  if (typeof app?.fetch !== 'function' || !Array.isArray(app.routes)) throw new TypeError('createMcpHandler(app) takes the application createApplication returns.');
  const sdk = lazy(loadSdk);
  const tools = lazy(() => describeTools(app, options));
  const info = { name: options.name ?? 'next-app-controllers', version: options.version ?? '1.0.0' };
  // With auth, the token is verified here and its principal handed to the route in process (../auth/handed.ts), and a
  // cookie could let a tool act as another user: by default nothing is handed on, and never a cookie.
  const passed = (options.headers ?? (options.auth ? [] : ['authorization', 'cookie'])).map((name) => name.toLowerCase()).filter((name) => !options.auth || name !== 'cookie');
  const gate = options.auth && mcpGate(options.auth, () => tools.value ? Promise.resolve(tools.value) : tools.load());
  const serverOptions = { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator: NO_VALIDATOR, ...(options.instructions ? { instructions: options.instructions } : {}) };
  let reported = false;

  return async function handle(request: Request): Promise<Response> {
    let loaded: [McpSdk, Tools];
    try {
      loaded = [sdk.value ?? (await sdk.load().catch(missingSdk)), tools.value ?? (await tools.load())];
    } catch (error) {
      if (!reported) console.error('next-app-controllers: the MCP handler cannot start.', error);
      reported = true;
      return rpcError(500, -32603, (error as Error).message);
    }
    reported = false;
    const found = gate && (await gate.authenticate(request));
    if (found instanceof Response) return found;
    let parsedBody: unknown;
    if (found && request.method === 'POST') {
      parsedBody = await request.clone().json().catch(() => undefined);
      const refused = gate.authorize(parsedBody, found, loaded[1]);
      if (refused) return refused;
    }
    if (request.method !== 'POST') {
      return rpcError(405, -32000, 'Method not allowed: this MCP server is stateless; send JSON-RPC messages with POST.', { allow: 'POST' });
    }
    const [{ Server, Transport, ListToolsRequestSchema, CallToolRequestSchema, McpError }, { list, byName }] = loaded;
    const origin = new URL(request.url).origin;
    const headers: Record<string, string> = {};
    for (const name of passed) {
      const value = request.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const server = new Server(info, serverOptions);
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: list }));
    server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
      const tool = byName.get(params.name);
      // -32602 (invalid params) is how MCP answers a call to a tool the server does not have.
      if (!tool) throw new McpError(-32602, `Unknown tool: ${params.name}`);
      return callTool(app, tool, params.arguments, origin, headers, found || undefined);
    });
    const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    return transport.handleRequest(request, parsedBody === undefined ? undefined : { parsedBody });
  };
}

function missingSdk(error: unknown): never {
  throw new Error(MISSING, { cause: error });
}

function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status, headers });
}
