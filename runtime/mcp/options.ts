import type { RouteDefinition } from '../routing/route-definitions';

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
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
}

/** The exports of an MCP route file: `export const { GET, POST, DELETE } = createMcpHandler(app);` */
export interface McpHandlers {
  GET(request: Request): Promise<Response>;
  POST(request: Request): Promise<Response>;
  DELETE(request: Request): Promise<Response>;
}
