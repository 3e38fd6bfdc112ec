import type { RouteDefinition } from '../routing/route-definitions';

/** The options of {@link createMcpHandler}. */
export interface McpHandlerOptions {
  /** Which routes are tools: those marked `@McpTool` (the default, `'marked'`) or every route a tool can call (`'all'`). */
  tools?: 'marked' | 'all';
  /** The server's name in MCP's `initialize` answer. Default `next-app-controllers`. */
  name?: string;
  /** The server's version there. Default `1.0.0`. */
  version?: string;
  /** Instructions for the agent, sent with `initialize`. */
  instructions?: string;
  /** Headers of the MCP request handed on to each tool's request. Default `['authorization', 'cookie']`. */
  headers?: string[];
}

/** What the MCP handler uses of an application (what `createApplication` returns). */
export interface McpApplication {
  readonly basePath: string;
  readonly routes: readonly RouteDefinition[];
  /** Answers a request in process: each tool call is one. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
}

/** The exports of an MCP route file: `export const { GET, POST, DELETE } = createMcpHandler(app);` */
export interface McpHandlers {
  /** Answers 405: the server is stateless, with no stream to resume. */
  GET(request: Request): Promise<Response>;
  /** One JSON-RPC message (initialize, tools/list, tools/call) and its answer. */
  POST(request: Request): Promise<Response>;
  /** Answers 405: there is no session to end. */
  DELETE(request: Request): Promise<Response>;
}
