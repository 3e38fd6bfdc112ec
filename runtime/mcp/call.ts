import { handed } from '../auth/handed';
import type { Verification } from '../auth/verify';
import type { McpApplication } from './options';
import type { Tool } from './tools';

/** A `tools/call` result (MCP's CallToolResult). */
export interface ToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
}

const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;

/**
 * Calls a tool: the arguments become a request to its route (path parameters in the path, query parameters in the
 * query string, the rest in the JSON body, or in the query when the route takes no body), answered by `app.fetch` in
 * this process, so the route's middleware, validation, error format and response contract apply. `passed` are the MCP
 * request's headers handed on (Authorization and Cookie by default); `verified`, the token the MCP handler checked. A 2xx answer is the result (its JSON also as
 * `structuredContent`, a value that is not an object as `{ result }`); any other status is an error result carrying
 * the error body, so a 422 names the fields.
 */
export async function callTool(
  app: McpApplication,
  tool: Tool,
  args: Record<string, unknown> | undefined,
  origin: string,
  passed: Record<string, string>,
  verified?: Verification,
): Promise<ToolResult> {
  const values = args ?? {};
  if (typeof values !== 'object' || Array.isArray(values)) return failure('The arguments of a tool call must be an object.');
  let path = '';
  for (const segment of tool.segments) {
    if (segment.kind === 'static') {
      path += `/${encodeURIComponent(segment.value)}`;
      continue;
    }
    const value = values[segment.name];
    if (value === undefined || value === null || value === '') return failure(`The argument "${segment.name}" is required: it is the path parameter :${segment.name}.`);
    path += `/${encodeURIComponent(String(value))}`;
  }
  let query = '';
  let body: Record<string, unknown> | undefined;
  for (const name in values) {
    if (tool.pathNames.includes(name)) continue;
    const value = values[name];
    if (tool.body !== undefined && !tool.queryNames.has(name)) {
      if (tool.body === 'flat') (body ??= {})[name] = value;
      else if (name === 'body') body = value as Record<string, unknown>;
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      query += `${query ? '&' : '?'}${encodeURIComponent(name)}=${encodeURIComponent(typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item))}`;
    }
  }
  // A plain record: the Request copies it once (a Headers object would be copied again).
  const headers: Record<string, string> = { ...passed, accept: 'application/json' };
  const init: RequestInit = { method: tool.method, headers };
  if (tool.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }
  const request = new Request(origin + (path || '/') + query, init);
  // The principal the MCP handler verified reaches the route's @Auth as this Request object, never as a header.
  if (verified) handed.set(request, verified);
  const response = await app.fetch(request);
  const text = await response.text();
  if (!response.ok) return { content: [{ type: 'text', text: text || `${response.status} ${response.statusText}`.trim() }], isError: true };
  const result: ToolResult = { content: [{ type: 'text', text }] };
  if (text !== '' && JSON_TYPE.test(response.headers.get('content-type') ?? '')) {
    const value = JSON.parse(text) as unknown;
    result.structuredContent = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { result: value };
  }
  return result;
}

function failure(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
