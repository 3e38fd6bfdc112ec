// Server-Sent Events on the real server: ours (an @Sse() route yielding events) against a plain route file returning
// the same event stream as a ReadableStream it builds itself. Both send `data: {"n":<i>}\n\n` for i < count, each as
// soon as it is produced.
import { Agent, request } from 'node:http';

export const SSE_PATH = '/api/sse/events';

/** The route file of the plain app: the ReadableStream a handler without the library returns. */
export const PLAIN_SSE_ROUTE = `const encoder = new TextEncoder();

export function GET(request) {
  const count = Number(new URL(request.url).searchParams.get('count') ?? 1);
  let n = 0;
  const body = new ReadableStream({
    pull(controller) {
      if (n >= count) return controller.close();
      controller.enqueue(encoder.encode('data: ' + JSON.stringify({ n: n++ }) + '\\n\\n'));
    },
  }, { highWaterMark: 0 });
  return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform' } });
}
`;

/** Ours: the same events from an async generator, as a user writes it. Added to the controllers of the bench app. */
export const OURS_SSE_CONTROLLER = `export class SseController {
  async *events(context) {
    const count = Number(context.query.get('count') ?? 1);
    for (let n = 0; n < count; n++) yield { n };
  }
}
Sse()(SseController.prototype, 'events');
Get('/events')(SseController.prototype, 'events');
Controller('/sse')(SseController);
`;

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET of the stream: ms until the first event had arrived, ms until the end, events counted. */
function stream(base, count) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let first;
    let text = '';
    const req = request({ host: hostname, port, path: `${SSE_PATH}?count=${count}`, agent, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
      if (res.statusCode !== 200 || res.headers['content-encoding']) reject(new Error(`SSE answered ${res.statusCode} ${res.headers['content-encoding'] ?? ''}`));
      res.setEncoding('utf8');
      let events = 0;
      res.on('data', (chunk) => {
        first ??= performance.now() - start;
        // Count events without keeping the text: what is left after the last separator carries over.
        text += chunk;
        const parts = text.split('\n\n');
        events += parts.length - 1;
        text = parts[parts.length - 1];
      });
      res.on('end', () => resolve({ firstMs: first, totalMs: performance.now() - start, events }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** First-event latency (median of `requests` sequential one-event streams) and events/s of one long stream. */
export async function measureSse(base, { requests = 200, events = 50_000 } = {}) {
  const firsts = [];
  for (let i = 0; i < requests; i++) firsts.push((await stream(base, 1)).firstMs);
  firsts.sort((a, b) => a - b);
  const long = await stream(base, events);
  if (long.events !== events) throw new Error(`SSE sent ${long.events} events, expected ${events}`);
  return { firstMs: firsts[Math.floor(firsts.length / 2)], eventsPerS: (events / long.totalMs) * 1000 };
}
