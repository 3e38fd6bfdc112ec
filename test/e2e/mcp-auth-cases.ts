// Issue 41, item 6 on `next start` of the isolated fixture (the docs variant, which installs the MCP SDK): the second
// application's @McpTool routes behind `createMcpHandler(guarded, { auth })` at /mcp-guarded, and RFC 9728's metadata
// at /.well-known/oauth-protected-resource/mcp-guarded, read by the official SDK's client and its own discovery.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { discoverOAuthProtectedResourceMetadata, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JwksServer } from '../support/jwks-server';
import { send, type RunningServer } from './harness';

const RESOURCE = 'https://api.test/mcp-guarded';
const METADATA = 'https://api.test/.well-known/oauth-protected-resource/mcp-guarded';
const JSON_RPC = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

export function mcpAuthCases(test: Test, running: () => RunningServer, jwks: () => JwksServer): void {
  const token = (claims: Record<string, unknown>, expiresIn?: string | number) => jwks().sign(claims, { expiresIn });
  const rpc = (method: string, params: Record<string, unknown> = {}) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
  const connect = async (headers: Record<string, string>) => {
    const client = new Client({ name: 'isolated-auth', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${running().base}/mcp-guarded`), { requestInit: { headers } }));
    return client;
  };
  /** The challenge of a raw response, parsed by the SDK's own helper. */
  const challenge = (headers: Record<string, string | string[] | undefined>) =>
    extractWWWAuthenticateParams(new Response(null, { status: 401, headers: { 'www-authenticate': String(headers['www-authenticate']) } }));

  test('MCP auth on next start: no token is HTTP 401 pointing at the metadata, which the SDK discovers (resource, issuer, scopes)', async () => {
    const { port, base } = running();
    const refused = await send(port, 'POST', '/mcp-guarded', { headers: JSON_RPC, body: rpc('tools/list') });
    assert.is(refused.status, 401, refused.text);
    const params = challenge(refused.headers);
    assert.is(String(params.resourceMetadataUrl), METADATA);
    assert.is(params.scope, 'orders:write');
    let error: unknown;
    await connect({}).then((client) => client.close(), (thrown: unknown) => (error = thrown));
    assert.ok(error, 'the SDK client connected without a token');
    // The transport's error carries the HTTP status (given an auth provider, the SDK would start OAuth here).
    assert.is((error as { code?: number }).code, 401, String(error));
    const document = await discoverOAuthProtectedResourceMetadata(`${base}/mcp-guarded`);
    assert.is(document.resource, RESOURCE);
    assert.equal(document.authorization_servers, ['https://issuer.test']);
    assert.equal(document.scopes_supported, ['orders:write']);
  });

  test('MCP auth on next start: an expired token, a cookie or a forged principal header alone is 401; a bad token says invalid_token', async () => {
    const { port } = running();
    const expired = await send(port, 'POST', '/mcp-guarded', { headers: { ...JSON_RPC, authorization: `Bearer ${await token({ sub: 'u1' }, -60)}` }, body: rpc('tools/list') });
    assert.is(expired.status, 401, expired.text);
    assert.is(challenge(expired.headers).error, 'invalid_token');
    for (const headers of [{ cookie: 'sid=valid-session' }, { 'x-principal': '{"sub":"admin"}' }] as Record<string, string>[]) {
      const response = await send(port, 'POST', '/mcp-guarded', { headers: { ...JSON_RPC, ...headers }, body: rpc('tools/list') });
      assert.is(response.status, 401, `${JSON.stringify(headers)}: ${response.text}`);
    }
  });

  test('MCP auth on next start: with a valid token the SDK lists the tools and whoami returns the token’s principal', async () => {
    const client = await connect({ authorization: `Bearer ${await token({ sub: 'mcp-user' })}` });
    try {
      const { tools } = await client.listTools();
      // What each tool needs, as MCP hosts read it: the default scheme's token, and the order's scope.
      assert.equal(
        tools.map((tool) => [tool.name, tool._meta?.securitySchemes]),
        [
          ['whoami', [{ type: 'oauth2', scopes: [] }]],
          ['place_order', [{ type: 'oauth2', scopes: ['orders:write'] }]],
        ],
      );
      const whoami = await client.callTool({ name: 'whoami', arguments: {} });
      assert.is(whoami.isError, undefined, JSON.stringify(whoami));
      assert.equal(whoami.structuredContent, { sub: 'mcp-user' });
    } finally {
      await client.close();
    }
  });

  test('MCP auth on next start: a token without the tool’s scope is HTTP 403 insufficient_scope and the route does not run; with it, it runs', async () => {
    const { port } = running();
    const before = (await send(port, 'GET', '/api/guarded/mcp-orders')).json().placed;
    const headers = { ...JSON_RPC, authorization: `Bearer ${await token({ sub: 'reader' })}` };
    const refused = await send(port, 'POST', '/mcp-guarded', { headers, body: rpc('tools/call', { name: 'place_order', arguments: {} }) });
    assert.is(refused.status, 403, refused.text);
    const params = challenge(refused.headers);
    assert.is(params.error, 'insufficient_scope');
    assert.match(String(refused.headers['www-authenticate']), 'scope="orders:write"');
    assert.is((await send(port, 'GET', '/api/guarded/mcp-orders')).json().placed, before);
    const client = await connect({ authorization: `Bearer ${await token({ sub: 'writer', scope: 'orders:write' })}` });
    try {
      const placed = await client.callTool({ name: 'place_order', arguments: {} });
      assert.is(placed.isError, undefined, JSON.stringify(placed));
      assert.equal(placed.structuredContent, { placed: before + 1 });
    } finally {
      await client.close();
    }
  });
}
