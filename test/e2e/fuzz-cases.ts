import fc from 'fast-check';
import * as assert from 'uvu/assert';
import { exampleRequests, type Generated } from '../fuzz/example-requests';
import type { ExampleSuite } from './example-suite';
import { API_KEY, send } from './harness';

const REQUESTS = 300;
const SEED = Number(process.env.SEED ?? 15);

/**
 * Issue 15 on the real server: the in-process fuzz's seeded requests sent over HTTP to `next start`, through Next.js
 * and the example's proxy. No answer may be a 5xx and the server must log no error. GET /api/system/fail, the
 * example's deliberate 500, is left out.
 */
export function fuzzCases({ test, server }: ExampleSuite): void {
  test(`answers ${REQUESTS} random requests over HTTP without a 5xx or a logged error (seed ${SEED})`, async () => {
    const running = server();
    const loggedBefore = running.output().length;
    const statuses = new Map<number, number>();
    for (const generated of fc.sample(exampleRequests(API_KEY), { seed: SEED, numRuns: REQUESTS })) {
      if (generated.path === '/api/system/fail') continue;
      let status: number;
      try {
        status = (await send(running.port, generated.method, `${generated.path}${generated.query}`, await sendOptions(generated))).status;
      } catch (error) {
        // node:http refuses to send a path with raw non-ASCII characters: no server ever sees such a request.
        if ((error as { code?: string }).code === 'ERR_UNESCAPED_CHARACTERS') continue;
        throw error;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      assert.ok(status < 500, `${generated.method} ${generated.path}${generated.query} answered ${status}`);
    }
    const logged = running.output().slice(loggedBefore);
    assert.not.match(logged, /⨯|Error/, logged.slice(0, 2000));
    const answered = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    assert.ok(answered > REQUESTS * 0.8, `only ${answered} requests were sent`);
    assert.ok((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0) > REQUESTS / 10, JSON.stringify([...statuses]));
  });
}

async function sendOptions(generated: Generated): Promise<Parameters<typeof send>[3]> {
  const headers: Record<string, string> = {};
  // A FormData or URLSearchParams body: its bytes and content type (with the multipart boundary) as fetch makes them.
  if (generated.body instanceof FormData || generated.body instanceof URLSearchParams) {
    const encoded = new Response(generated.body);
    headers['content-type'] = encoded.headers.get('content-type')!;
    generated = { ...generated, body: new Uint8Array(await encoded.arrayBuffer()) };
  }
  if (generated.contentType) headers['content-type'] = generated.contentType;
  if (generated.apiKey !== undefined) headers['x-api-key'] = generated.apiKey;
  if (generated.encoding) headers['content-encoding'] = generated.encoding;
  const hasBody = generated.body !== undefined && !['GET', 'HEAD', 'get'].includes(generated.method);
  const body = hasBody ? (typeof generated.body === 'string' ? generated.body : Buffer.from(generated.body as Uint8Array)) : undefined;
  return { headers, body };
}
