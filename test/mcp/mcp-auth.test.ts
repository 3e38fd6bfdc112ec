import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { discoverOAuthProtectedResourceMetadata, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SignJWT } from 'jose';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  Auth,
  Controller,
  Get,
  McpTool,
  Post,
  Principal,
  Public,
  bearer,
  createApplication,
  createMcpHandler,
  createProtectedResourceMetadataHandler,
  type McpHandlers,
  type PrincipalOf,
  type RouteContext,
} from '../../runtime/index';

let writes = 0;
const secret = 'a secret of at least thirty-two bytes, for HS256';
const jwt = bearer({ name: 'oauth', jwt: { key: secret, issuer: 'https://issuer.test', audience: 'http://localhost/mcp' }, scopes: { 'notes:read': 'Read notes', 'notes:write': 'Write notes' } });

@Controller('/notes')
class NotesController {
  @McpTool({ name: 'whoami' })
  @Auth(jwt, { scopes: ['notes:read'] })
  @Get('/me')
  me(@Principal(jwt) principal: PrincipalOf<typeof jwt>, context: RouteContext) {
    return { sub: principal.sub, cookie: context.request.headers.get('cookie'), authorization: context.request.headers.has('authorization') };
  }

  @McpTool({ name: 'write_note' })
  @Auth(jwt, { scopes: ['notes:write'] })
  @Post('')
  write() {
    writes += 1;
    return { written: true };
  }

  @McpTool({ name: 'ping' })
  @Public()
  @Get('/ping')
  ping() {
    return { pong: true };
  }
}

const app = createApplication({ controllers: [NotesController], basePath: '/mcp-auth', auth: { schemes: [jwt] } });
const handlers = createMcpHandler(app, { auth: { scheme: jwt, resource: 'http://localhost/mcp' } });
const metadata = createProtectedResourceMetadataHandler(app, { resource: 'http://localhost/mcp', authorizationServers: ['https://issuer.test'] });

const token = (claims: Record<string, unknown>, expires = '5m') =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('https://issuer.test').setAudience('http://localhost/mcp').setIssuedAt().setExpirationTime(expires).sign(new TextEncoder().encode(secret));

/** Every response the MCP endpoint (and the metadata route) gave, in order. */
let responses: Response[] = [];
const fetch = async (input: string | URL | Request, init?: RequestInit) => {
  const request = new Request(input, init);
  const handler = new URL(request.url).pathname.startsWith('/.well-known/oauth-protected-resource') ? metadata.GET : handlers[request.method as keyof McpHandlers];
  const response = handler ? await handler(request) : new Response(null, { status: 405 });
  responses.push(response.clone());
  return response;
};

async function connect(headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), { fetch, requestInit: { headers } }));
  return client;
}

const mcp = suite('createMcpHandler({ auth })');

mcp.before.each(() => {
  responses = [];
});

mcp('no token: HTTP 401 before any JSON-RPC, whose challenge points the SDK at the metadata document', async () => {
  try {
    await connect();
    assert.unreachable();
  } catch (error) {
    assert.is((error as { code?: number }).code, 401);
  }
  const [refused] = responses;
  assert.is(refused.status, 401);
  const params = extractWWWAuthenticateParams(refused);
  assert.is(params.resourceMetadataUrl?.href, 'http://localhost/.well-known/oauth-protected-resource/mcp');
  assert.is(params.scope, 'notes:read notes:write');
  assert.is(params.error, undefined);
  const document = await discoverOAuthProtectedResourceMetadata('http://localhost/mcp', { resourceMetadataUrl: params.resourceMetadataUrl }, fetch);
  assert.equal(document, { resource: 'http://localhost/mcp', authorization_servers: ['https://issuer.test'], bearer_methods_supported: ['header'], scopes_supported: ['notes:read', 'notes:write'] });
});

mcp('the metadata document is found by the SDK at the well-known address; another path is a 404', async () => {
  const document = await discoverOAuthProtectedResourceMetadata('http://localhost/mcp', undefined, fetch);
  assert.equal(document.scopes_supported, ['notes:read', 'notes:write']);
  assert.is((await metadata.GET(new Request('http://localhost/.well-known/oauth-protected-resource/other'))).status, 404);
  assert.is((await metadata.GET(new Request('http://localhost/.well-known/oauth-protected-resource'))).status, 200);
});

mcp('an invalid or expired token: 401 with error="invalid_token"', async () => {
  for (const bad of ['not-a-jwt', await token({ sub: 'u1', scope: 'notes:read' }, '-1m')]) {
    responses = [];
    try {
      await connect({ authorization: `Bearer ${bad}` });
      assert.unreachable();
    } catch (error) {
      assert.is((error as { code?: number }).code, 401);
    }
    assert.is(responses[0].status, 401);
    assert.is(extractWWWAuthenticateParams(responses[0]).error, 'invalid_token');
  }
});

mcp("a valid token: tools/list says what each tool needs; the tool's route sees the verified principal, and no cookie", async () => {
  const client = await connect({ authorization: `Bearer ${await token({ sub: 'u1', scope: 'notes:read' })}`, cookie: 'session=stolen' });
  const { tools } = await client.listTools();
  assert.equal(
    tools.map((tool) => [tool.name, tool._meta?.securitySchemes]),
    [
      ['whoami', [{ type: 'oauth2', scopes: ['notes:read'] }]],
      ['write_note', [{ type: 'oauth2', scopes: ['notes:write'] }]],
      ['ping', [{ type: 'noauth' }]],
    ],
  );
  const result = await client.callTool({ name: 'whoami', arguments: {} });
  assert.is(result.isError, undefined);
  assert.equal(result.structuredContent, { sub: 'u1', cookie: null, authorization: false });
  assert.equal((await client.callTool({ name: 'ping', arguments: {} })).structuredContent, { pong: true });
});

mcp('a tool whose route needs a scope the token lacks: HTTP 403 insufficient_scope naming the scope; the route does not run', async () => {
  const client = await connect({ authorization: `Bearer ${await token({ sub: 'u1', scope: 'notes:read' })}` });
  responses = [];
  try {
    await client.callTool({ name: 'write_note', arguments: {} });
    assert.unreachable();
  } catch (error) {
    assert.is((error as { code?: number }).code, 403);
  }
  assert.is(writes, 0);
  // The client also opened (and was refused, 405) a GET stream: the POST's answer is the 403.
  const refused = responses.find((response) => response.status === 403)!;
  assert.ok(refused);
  const params = extractWWWAuthenticateParams(refused);
  assert.is(params.error, 'insufficient_scope');
  assert.is(params.scope, 'notes:write');
  assert.is(params.resourceMetadataUrl?.href, 'http://localhost/.well-known/oauth-protected-resource/mcp');
  const writer = await connect({ authorization: `Bearer ${await token({ sub: 'u2', scope: 'notes:read notes:write' })}` });
  assert.equal((await writer.callTool({ name: 'write_note', arguments: {} })).structuredContent, { written: true });
  assert.is(writes, 1);
});

mcp('the handed principal is only the MCP handler\'s: the same route over HTTP still verifies the header itself', async () => {
  assert.is((await app.fetch('/mcp-auth/notes/me', { headers: { authorization: 'Bearer forged' } })).status, 401);
  const response = await app.fetch('/mcp-auth/notes/me', { headers: { authorization: `Bearer ${await token({ sub: 'u3', scope: 'notes:read' })}` } });
  assert.equal(await response.json(), { sub: 'u3', cookie: null, authorization: true });
});

mcp('createMcpHandler({ auth }) takes a bearer scheme and a resource', async () => {
  try {
    await createMcpHandler(app, { auth: { scheme: undefined as never, resource: 'http://localhost/mcp' } }).POST(new Request('http://localhost/mcp', { method: 'POST' }));
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, 'needs a bearer scheme');
  }
});

mcp.run();
