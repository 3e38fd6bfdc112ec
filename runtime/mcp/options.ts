import type { AuthScheme } from '../metadata/auth-schemes';
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
  /** Headers of the MCP request handed on to each tool's request. Default `['authorization', 'cookie']`; with `auth`, none (the principal is handed on in process) and never a cookie. */
  headers?: string[];
  /**
   * Makes the endpoint an OAuth protected resource (MCP authorization, RFC 9728): every request needs a valid bearer
   * token of `scheme` (401 with `resource_metadata` otherwise), a tool call needs the scopes of the tool's route (403
   * `insufficient_scope` otherwise), and the verified principal reaches the route in process.
   */
  auth?: McpAuthOptions;
}

/** `createMcpHandler(app, { auth })`: the scheme that verifies tokens, and the resource they are for. */
export interface McpAuthOptions {
  /** A `bearer` scheme (a JWT one for OAuth access tokens), also listed in `createApplication({ auth: { schemes } })`. */
  scheme: AuthScheme<any>;
  /** The MCP endpoint's canonical URL, as tokens name it in `aud` (`https://example.com/mcp`). */
  resource: string | URL;
  /**
   * Where the protected resource metadata is served. Default: RFC 9728's well-known address of `resource`
   * (`https://example.com/.well-known/oauth-protected-resource/mcp`).
   */
  resourceMetadata?: string | URL;
}

/** The options of {@link createProtectedResourceMetadataHandler}. */
export interface ProtectedResourceMetadataOptions {
  /** The MCP endpoint's canonical URL (as in `createMcpHandler`'s `auth.resource`). */
  resource: string | URL;
  /** The issuers of its tokens (their metadata is at `/.well-known/oauth-authorization-server` or OpenID's). */
  authorizationServers: (string | URL)[];
  /** Which routes are exposed as tools, as in `createMcpHandler`: their scopes are `scopes_supported`. Default `'marked'`. */
  tools?: 'marked' | 'all';
  /** A human-readable name of the resource (`resource_name`). */
  resourceName?: string;
}

/** The export of `app/.well-known/oauth-protected-resource/[[...path]]/route.ts`. */
export interface ProtectedResourceMetadataHandlers {
  /** RFC 9728's document for the resource; 404 for another path. */
  GET(request: Request): Promise<Response>;
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
