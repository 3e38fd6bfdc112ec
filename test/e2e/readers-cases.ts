// Every reader of the contract (issue 36), on the production build of the example: an agent through MCP (the official
// SDK's client over Streamable HTTP, /mcp), Scalar's API reference in headless Chromium (/reference), and the OpenAPI 3.2
// document (/api/openapi-3.2.json) through the official 3.2 schema.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import * as assert from 'uvu/assert';
import { CHROMIUM } from './browser-cases';
import type { ExampleSuite } from './example-suite';
import { API_KEY, ARTIFACTS, send, timed } from './harness';

type ToolText = { type: string; text: string }[];

/** `browser`: the Scalar page in Chromium too (once, on the Turbopack build: the page and its files do not depend on the bundler). */
export function readersCases({ test, server }: ExampleSuite, { browser: withBrowser }: { browser: boolean }): void {
  const connect = async (headers: Record<string, string> = {}) => {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server().base}/mcp`), { requestInit: { headers } }));
    return client;
  };

  test('MCP: the SDK client lists exactly the marked routes, with their input schemas (body fields and :id required)', async () => {
    const client = await connect();
    try {
      const { tools } = await client.listTools();
      assert.equal(
        tools.map((tool) => tool.name),
        ['PostsController_list', 'PostsController_findOne', 'create_post', 'OrdersController_list'],
      );
      const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
      const create = byName.create_post;
      assert.is(create.description, 'Create a post');
      assert.equal(create.inputSchema.required, ['title', 'content']);
      assert.equal(Object.keys(create.inputSchema.properties!), ['title', 'content', 'tags']);
      assert.not.match(JSON.stringify(create.inputSchema), '$ref', 'the nested TagDto is inlined');
      assert.equal(create.outputSchema!.required, ['id', 'title', 'content', 'tags']);
      assert.equal(byName.PostsController_findOne.inputSchema.required, ['id']);
      assert.equal(Object.keys(byName.PostsController_list.inputSchema.properties!), ['limit', 'offset', 'tag']);
    } finally {
      await client.close();
    }
  });

  test('MCP: calling the create tool, then the list tool, shows the new post', async () => {
    const client = await connect();
    try {
      const created = await client.callTool({ name: 'create_post', arguments: { title: 'Written by an agent', content: 'Through MCP.' } });
      assert.is(created.isError, undefined, JSON.stringify(created));
      const post = created.structuredContent as { id: string; title: string };
      assert.is(post.title, 'Written by an agent');
      const listed = await client.callTool({ name: 'PostsController_list', arguments: { limit: 100 } });
      const { result } = listed.structuredContent as { result: { id: string; title: string }[] };
      assert.ok(result.some((entry) => entry.id === post.id && entry.title === 'Written by an agent'), JSON.stringify(result));
      const one = await client.callTool({ name: 'PostsController_findOne', arguments: { id: post.id } });
      assert.equal((one.structuredContent as { title: string }).title, 'Written by an agent');
    } finally {
      await client.close();
    }
  });

  test('MCP: an invalid body is an error result whose body (the app’s error format) names the field', async () => {
    const client = await connect();
    try {
      const result = await client.callTool({ name: 'create_post', arguments: { title: '', content: 'x' } });
      assert.is(result.isError, true);
      const body = JSON.parse((result.content as ToolText)[0].text);
      assert.is(body.statusCode, 422);
      assert.match(JSON.stringify(body), '"title"');
    } finally {
      await client.close();
    }
  });

  test('MCP: a tool behind the key middleware refuses a call without a bearer token and answers with it', async () => {
    const anonymous = await connect();
    try {
      const refused = await anonymous.callTool({ name: 'OrdersController_list', arguments: {} });
      assert.is(refused.isError, true);
      assert.match((refused.content as ToolText)[0].text, '401');
    } finally {
      await anonymous.close();
    }
    const signedIn = await connect({ authorization: `Bearer ${API_KEY}` });
    try {
      const answered = await signedIn.callTool({ name: 'OrdersController_list', arguments: {} });
      assert.is(answered.isError, undefined, JSON.stringify(answered));
      assert.ok(Array.isArray((answered.structuredContent as { result: unknown[] }).result));
    } finally {
      await signedIn.close();
    }
  });

  test('MCP: a route that is not marked cannot be called, and nothing happens', async () => {
    const client = await connect({ authorization: `Bearer ${API_KEY}` });
    try {
      const before = (await send(server().port, 'GET', '/api/posts?limit=100')).json().length;
      try {
        await client.callTool({ name: 'PostsController_remove', arguments: { id: '1' } });
        assert.unreachable('an unmarked route was called');
      } catch (error) {
        assert.match((error as Error).message, 'Unknown tool: PostsController_remove');
      }
      assert.is((await send(server().port, 'GET', '/api/posts?limit=100')).json().length, before);
    } finally {
      await client.close();
    }
  });

  test('OpenAPI 3.2: the example’s 3.2 document validates against the official 3.2 schema, and its @Sse route has itemSchema', async () => {
    const response = await send(server().port, 'GET', '/api/openapi-3.2.json');
    assert.is(response.status, 200);
    const document = response.json();
    assert.is(document.openapi, '3.2.0');
    const result = await new Validator().validate(document);
    assert.ok(result.valid, JSON.stringify(result.errors));
    const events = document.paths['/api/streams/ticks'].get.responses['200'].content['text/event-stream'];
    assert.equal(events.itemSchema.properties.data.contentSchema, { $ref: '#/components/schemas/TickDto' });
    assert.is(events['x-itemSchema'], undefined);
  });

  if (!withBrowser) return;
  test('Scalar in headless Chromium: every request stays on the app’s origin, and the example’s operations and webhook are listed', async () => {
    const { base } = server();
    const origin = new URL(base).origin;
    mkdirSync(ARTIFACTS, { recursive: true });
    let browser: Browser | undefined;
    try {
      browser = await timed('chromium launch (scalar)', () => chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'], timeout: 30_000 }));
      const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
      page.setDefaultTimeout(30_000);
      const requested: string[] = [];
      const problems: string[] = [];
      // Every request goes through here: one to another origin (a CDN, fonts, telemetry) is recorded and never sent.
      await page.route('**/*', (route) => {
        const url = route.request().url();
        requested.push(url);
        return url.startsWith(`${origin}/`) || url.startsWith('data:') || url.startsWith('blob:') ? route.continue() : route.abort();
      });
      page.on('pageerror', (error) => problems.push(String(error)));
      // A request the CSP blocks never reaches the interception above: the console says so, as an error.
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      await timed('scalar: load and render', async () => {
        await page.goto(`${base}/reference`, { waitUntil: 'load' });
        await page.getByText('Create a post').first().waitFor();
      });
      // The sidebar lists every tag, and the operations of the first one (the others open on a click).
      const text = await page.locator('body').innerText();
      for (const entry of ['posts', 'orders', 'users', 'system', 'streams', 'List posts (?limit, ?offset, ?tag)', 'Create a post', 'One post', 'Delete a post (needs x-api-key)']) {
        assert.ok(text.includes(entry), `${entry} is listed`);
      }
      await page.getByText('orders', { exact: true }).first().click();
      await page.getByText('List orders').first().waitFor();
      // The webhook the orders controller sends (@WebhookEvent, the document's top-level `webhooks`) is listed too.
      await page.getByText('The order.created event').first().waitFor();
      await page.screenshot({ path: join(ARTIFACTS, 'scalar.png') });
      const elsewhere = requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:'));
      assert.equal(elsewhere, [], 'requests that left the origin');
      assert.ok(requested.some((url) => url.includes('/reference/standalone.js')), requested.join('\n'));
      assert.ok(requested.some((url) => url.endsWith('/api/openapi.json')), requested.join('\n'));
      assert.equal(problems, []);
    } finally {
      await browser?.close();
    }
  });
}
