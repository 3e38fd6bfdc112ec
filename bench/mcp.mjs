// MCP tool calls (issue 36) against the same request through app.fetch, in process, one run. A `create_post` tool
// (a @Body route with a 3-field DTO) is called three ways:
// - `tool call`: the tools/call handler as the SDK calls it (arguments → request → app.fetch → result), the part the
//   library adds to a request; the target (≤ 1.2 × app.fetch) is for this row;
// - `POST /mcp, stand-in SDK`: the whole JSON-RPC POST through createMcpHandler's server with a minimal stand-in for
//   @modelcontextprotocol/sdk (parse, dispatch, answer): the library's share of the whole request, a second
//   Request/Response pair included;
// - `POST /mcp, SDK`: the same with the real SDK, which a stateless server runs per request (a Server, a transport,
//   zod's parsing of every message).
import { readdirSync, readFileSync } from 'node:fs';
import { IsOptional, IsString, MinLength } from 'class-validator';
import * as dist from '../dist/index.mjs';
import { interleave } from './lib/harness.mjs';

class CreatePostDto {}
IsString()(CreatePostDto.prototype, 'title');
MinLength(1)(CreatePostDto.prototype, 'title');
IsString()(CreatePostDto.prototype, 'content');
IsOptional()(CreatePostDto.prototype, 'tag');
IsString()(CreatePostDto.prototype, 'tag');

class PostsController {
  create(body) {
    return { id: '1', title: body.title, content: body.content };
  }
}
dist.Post('')(PostsController.prototype, 'create');
dist.HttpCode(201)(PostsController.prototype, 'create');
dist.Body(CreatePostDto)(PostsController.prototype, 'create', 0);
dist.McpTool({ name: 'create_post' })(PostsController.prototype, 'create');
dist.Controller('/posts')(PostsController);

const ARGUMENTS = { title: 'Hello', content: 'World' };
const BODY = JSON.stringify(ARGUMENTS);
const RPC = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_post', arguments: ARGUMENTS } });
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

/** The chunk holding `mcpServer` (not exported by the entry): the stand-in SDK is handed to it. */
async function serverChunk() {
  const dir = new URL('../dist/chunks/', import.meta.url);
  const file = readdirSync(dir).find((name) => name.endsWith('.mjs') && readFileSync(new URL(name, dir), 'utf8').includes('function mcpServer('));
  return import(new URL(file, dir).href);
}

/** Enough of the SDK for a tools/call: handlers by schema, a transport that parses one message and answers JSON. */
function standInSdk(captured) {
  const ListToolsRequestSchema = { method: 'tools/list' };
  const CallToolRequestSchema = { method: 'tools/call' };
  let current;
  class Server {
    constructor() {
      this.handlers = new Map();
    }
    setRequestHandler(schema, handler) {
      this.handlers.set(schema.method, handler);
      if (schema === CallToolRequestSchema) captured.call = handler;
    }
    async connect(transport) {
      transport.server = this;
    }
  }
  class Transport {
    async handleRequest(request) {
      const message = JSON.parse(await request.text());
      const result = await this.server.handlers.get(message.method)(message);
      return new Response(JSON.stringify({ result, jsonrpc: '2.0', id: message.id }), { headers: { 'content-type': 'application/json' } });
    }
  }
  current = { Server, Transport, ListToolsRequestSchema, CallToolRequestSchema, McpError: Error };
  return async () => current;
}

export async function runMcp({ rounds = 30, batch = 200 } = {}) {
  const app = dist.createApplication({ controllers: [PostsController], basePath: '/api' });
  const { mcpServer } = await serverChunk();
  const captured = {};
  const withStandIn = mcpServer(app, {}, standInSdk(captured));
  const withSdk = dist.createMcpHandler(app).POST;
  const mcpRequest = () => new Request('http://localhost/mcp', { method: 'POST', headers: MCP_HEADERS, body: RPC });
  const fetchRequest = () => new Request('http://localhost/api/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY });

  // The same answer every way, checked before timing.
  const direct = await app.fetch(fetchRequest());
  const expected = await direct.text();
  if (direct.status !== 201) throw new Error(`mcp bench: app.fetch answered ${direct.status} ${expected}`);
  for (const [name, handle] of [['stand-in', withStandIn], ['sdk', withSdk]]) {
    const answer = JSON.parse(await (await handle(mcpRequest())).text());
    if (answer.result?.content?.[0]?.text !== expected) throw new Error(`mcp bench (${name}): ${JSON.stringify(answer)}`);
  }
  const call = captured.call;
  if ((await call({ params: { name: 'create_post', arguments: ARGUMENTS } })).content[0].text !== expected) throw new Error('mcp bench: the tool call differs');

  const ns = await interleave(
    [
      { id: 'fetch', run: async (n) => { for (let i = 0; i < n; i++) await (await app.fetch(fetchRequest())).text(); } },
      { id: 'call', run: async (n) => { for (let i = 0; i < n; i++) await call({ params: { name: 'create_post', arguments: ARGUMENTS } }); } },
      { id: 'standIn', run: async (n) => { for (let i = 0; i < n; i++) await (await withStandIn(mcpRequest())).text(); } },
      { id: 'sdk', run: async (n) => { for (let i = 0; i < n; i++) await (await withSdk(mcpRequest())).text(); } },
    ],
    { rounds, batch },
  );
  const rows = [
    { way: 'tool call (tools/call handler → app.fetch → result)', ns: ns.call },
    { way: 'POST /mcp, stand-in SDK', ns: ns.standIn },
    { way: 'POST /mcp, @modelcontextprotocol/sdk', ns: ns.sdk },
  ].map((row) => ({ ...row, fetch: ns.fetch, perFetch: row.ns / ns.fetch }));
  return { rows };
}
