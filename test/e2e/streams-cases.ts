import { mkdirSync, statSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import * as assert from 'uvu/assert';
import { CHROMIUM } from './browser-cases';
import type { ExampleSuite } from './example-suite';
import { treeRss } from './form-cases';
import { ARTIFACTS, send, timed } from './harness';

const MB = 1024 * 1024;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** What Chromium sends by default; compression must not hold events back for it. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ArrivedEvent {
  /** The event's data. */
  data: { n: number; at: number };
  /** When the whole event had arrived here (ms since the epoch; same clock as the server's `at`). */
  arrived: number;
}

/**
 * Reads an SSE response over raw HTTP and notes when each event arrived. Resolves with the headers and the events
 * once `count` events arrived (then closes the connection) or the stream ended.
 */
export function readEvents(port: number, path: string, count: number, headers: Record<string, string> = {}): Promise<{ headers: Record<string, unknown>; events: ArrivedEvent[]; raw: string }> {
  return new Promise((resolve, reject) => {
    const events: ArrivedEvent[] = [];
    let raw = '';
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
      const finish = () => {
        resolve({ headers: res.headers, events, raw });
        req.destroy();
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        for (const block of raw.split('\n\n').slice(events.length, -1)) {
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) events.push({ data: JSON.parse(data.slice(6)), arrived: Date.now() });
          else events.push({ data: { n: -1, at: 0 }, arrived: Date.now() });
        }
        if (events.filter((event) => event.data.n >= 0).length >= count) finish();
      });
      res.on('end', finish);
      res.on('error', reject);
    });
    req.setTimeout(20_000, () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

async function finishedWithin(port: number, name: string, since: number, limitMs: number): Promise<number> {
  for (;;) {
    const status = (await send(port, 'GET', `/api/streams/status?name=${name}`)).json();
    if (status.finished) return status.finished - since;
    if (Date.now() - since > limitMs) return Infinity;
    await sleep(20);
  }
}

/**
 * Issue 24 on the real server: Server-Sent Events through `next start` (compression on, the browser's
 * accept-encoding), the generator ended when the client goes away, many open streams, a large download streamed,
 * a non-ASCII file name saved by Chromium. The 30 s soak of 200 streams runs for one bundler only (`soak`): the
 * server code it measures is the library's and Next.js's, the same under both bundlers.
 */
export function streamsCases({ test, server }: ExampleSuite, { soak }: { soak: boolean }): void {
  test('SSE over HTTP with the browser accept-encoding: text/event-stream, no-transform, not compressed, each event within 300 ms', async () => {
    const { port } = server();
    const { headers, events, raw } = await readEvents(port, '/api/streams/ticks?count=3&interval=400', 3, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    assert.is(headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.is(headers['cache-control'], 'no-cache, no-transform');
    assert.is(headers['content-encoding'], undefined, 'Next.js compression left the event stream alone');
    assert.equal(events.map((event) => event.data.n), [1, 2, 3], raw);
    for (const event of events) assert.ok(event.arrived - event.data.at < 300, `event ${event.data.n} arrived ${event.arrived - event.data.at} ms after it was yielded`);
  });

  test('HEAD of an SSE route: headers only, the generator never starts', async () => {
    const { port } = server();
    const head = await send(port, 'HEAD', '/api/streams/ticks?name=head-check');
    assert.is(head.status, 200);
    assert.is(head.headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.is(head.body.length, 0);
    await sleep(300);
    assert.equal((await send(port, 'GET', '/api/streams/status?name=head-check')).json(), { started: null, finished: null, sent: 0 });
  });

  test('Chromium: EventSource gets three events within 300 ms each; closing it runs the generator finally within 1 s; a download keeps its non-ASCII name', async () => {
    const { base, port } = server();
    let browser: Browser | undefined;
    try {
      browser = await timed('chromium launch (streams)', () => chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 30_000 }));
      const page = await browser.newPage();
      page.setDefaultTimeout(20_000);
      const sent: Record<string, string> = {};
      const answered: Record<string, string> = {};
      page.on('request', (request) => {
        if (request.url().includes('/api/streams/ticks')) void request.allHeaders().then((headers) => Object.assign(sent, headers));
      });
      page.on('response', (response) => {
        if (response.url().includes('/api/streams/ticks')) void response.allHeaders().then((headers) => Object.assign(answered, headers));
      });
      await page.goto(`${base}/api/system/health`);

      const received = await page.evaluate(
        () =>
          new Promise<{ data: { n: number; at: number }; arrived: number }[]>((resolve, reject) => {
            const events: { data: { n: number; at: number }; arrived: number }[] = [];
            const source = new EventSource('/api/streams/ticks?count=3&interval=400');
            source.onmessage = (message) => {
              events.push({ data: JSON.parse(message.data), arrived: Date.now() });
              if (events.length === 3) {
                source.close();
                resolve(events);
              }
            };
            source.onerror = () => reject(new Error(`EventSource error after ${events.length} events`));
          }),
      );
      assert.equal(received.map((event) => event.data.n), [1, 2, 3]);
      for (const event of received) assert.ok(event.arrived - event.data.at < 300, `event ${event.data.n} arrived ${event.arrived - event.data.at} ms after it was yielded`);
      assert.match(sent['accept-encoding'] ?? '', /gzip/, `Chromium's accept-encoding: ${sent['accept-encoding']}`);
      assert.is(answered['content-encoding'], undefined);
      if (process.env.REPORT) console.log(`EventSource (accept-encoding ${sent['accept-encoding']}): ${received.map((event) => event.arrived - event.data.at).join(', ')} ms after yield`);

      // Closing the EventSource ends the request: the generator's finally runs.
      const printedBefore = server().output().length;
      const name = `close-${process.pid}`;
      await page.evaluate(
        (url) =>
          new Promise<void>((resolve) => {
            const source = new EventSource(url);
            let seen = 0;
            source.onmessage = () => {
              if (++seen === 2) {
                source.close();
                resolve();
              }
            };
          }),
        `/api/streams/ticks?count=1000&interval=5000&name=${name}`,
      );
      const closed = Date.now();
      const took = await finishedWithin(port, name, closed, 2_000);
      if (process.env.REPORT) console.log(`EventSource closed: the generator's finally ran after ${took} ms`);
      assert.ok(took < 1_000, `the finally ran ${took} ms after the EventSource was closed`);
      // A client going away is not an error: nothing is logged (no onError, no failed pipe).
      assert.not.match(server().output().slice(printedBefore), /unhandled error|ResponseAborted|failed to pipe|Error:/i);

      // A download saved by Chromium under its RFC 6266 filename*.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.evaluate(() => {
          const link = document.createElement('a');
          link.href = '/api/streams/download?size=3000';
          document.body.append(link);
          link.click();
        }),
      ]);
      assert.is(download.suggestedFilename(), 'Relevé d’été 😀.txt');
      mkdirSync(ARTIFACTS, { recursive: true });
      const saved = join(ARTIFACTS, download.suggestedFilename());
      await download.saveAs(saved);
      assert.is(statSync(saved).size, 3000);
    } finally {
      await browser?.close();
    }
  });

  test('a 200 MB download is streamed: the server grows by less than 20 MiB; HEAD sends its headers only', async () => {
    const { port, pid } = server();
    const head = await send(port, 'HEAD', '/api/streams/download?size=209715200');
    assert.is(head.status, 200);
    assert.match(String(head.headers['content-disposition']), /^attachment; filename="Relev_ d__t_ _.txt"; filename\*=UTF-8''Relev%C3%A9%20d%E2%80%99%C3%A9t%C3%A9%20%F0%9F%98%80\.txt$/);
    assert.is(head.body.length, 0);

    // identity: 200 MB of one byte repeated would gzip to 0.3 MB (text/plain is compressible) and measure gzip.
    const fetchAll = (size: number) =>
      new Promise<number>((resolve, reject) => {
        let received = 0;
        const req = httpRequest({ host: '127.0.0.1', port, path: `/api/streams/download?size=${size}`, headers: { 'accept-encoding': 'identity' }, agent: false }, (res) => {
          res.on('data', (chunk: Buffer) => (received += chunk.length));
          res.on('end', () => resolve(received));
          res.on('error', reject);
        });
        req.setTimeout(120_000, () => req.destroy(new Error('the download timed out')));
        req.on('error', reject);
        req.end();
      });
    // The first large stream takes the server's heap to its working size (measured: +4.6 MiB for a first 50 MB, +16.3
    // for the 200 MB after it, then +0.2 for another 200 MB and +0.1 for 400 MB). Warm up with one 200 MB download,
    // then measure the next: holding it whole would add 200 MiB.
    await fetchAll(200 * MB);
    const before = treeRss(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, treeRss(pid))), 20);
    let received = 0;
    try {
      received = await fetchAll(200 * MB);
    } finally {
      clearInterval(sampler);
    }
    if (process.env.REPORT) console.log(`200 MB download: next start RSS before ${(before / MB).toFixed(1)} MiB, peak ${(peak / MB).toFixed(1)} MiB (+${((peak - before) / MB).toFixed(1)})`);
    assert.is(received, 200 * MB);
    assert.ok(peak - before < 20 * MB, `the server grew by ${((peak - before) / MB).toFixed(1)} MiB`);
  });

  if (!soak) return;
  test('200 open SSE streams for 30 s: server RSS does not grow; every generator ends when its client goes', async () => {
    const { port, pid } = server();
    const printedBefore = server().output().length;
    const requests: ClientRequest[] = [];
    let events = 0;
    const samples: number[] = [];
    const opened = Date.now();
    for (let i = 0; i < 200; i++) {
      const req = httpRequest({ host: '127.0.0.1', port, path: `/api/streams/ticks?count=100000&interval=1000&name=soak-${i}`, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING }, agent: false }, (res) => {
        res.on('data', (chunk: Buffer) => (events += chunk.toString().split('\n\n').length - 1));
        res.on('error', () => {});
      });
      req.on('error', () => {});
      req.end();
      requests.push(req);
    }
    try {
      while (Date.now() - opened < 30_000) {
        await sleep(1_000);
        samples.push(treeRss(pid));
      }
      // Warm-up (the first requests compile and cache) is over after a few seconds; from there memory stays flat.
      // A leak raises RSS; a garbage collection may lower it at any time (a CI run saw -24 MiB), which is not a failure.
      const settled = samples.slice(4);
      const growth = settled[settled.length - 1] - settled[0];
      const peak = Math.max(...settled) - settled[0];
      if (process.env.REPORT) {
        console.log(
          `200 SSE streams, 30 s: ${events} events; RSS (MiB) at 1 s ${(samples[0] / MB).toFixed(1)}, 5 s ${(settled[0] / MB).toFixed(1)}, ` +
            `30 s ${(settled[settled.length - 1] / MB).toFixed(1)}, min ${(Math.min(...settled) / MB).toFixed(1)}, max ${(Math.max(...settled) / MB).toFixed(1)}`,
        );
      }
      assert.ok(events >= 200 * 25, `${events} events in 30 s`);
      assert.ok(growth < 16 * MB, `RSS grew by ${(growth / MB).toFixed(1)} MiB between 5 s and 30 s`);
      assert.ok(peak < 24 * MB, `RSS rose ${(peak / MB).toFixed(1)} MiB above its 5 s figure before 30 s`);
    } finally {
      for (const req of requests) req.destroy();
    }
    const closed = Date.now();
    let unfinished = 200;
    while (unfinished > 0 && Date.now() - closed < 3_000) {
      const statuses = await Promise.all([0, 57, 123, 199].map((i) => send(port, 'GET', `/api/streams/status?name=soak-${i}`)));
      unfinished = statuses.filter((status) => !status.json().finished).length;
      if (unfinished > 0) await sleep(50);
    }
    assert.is(unfinished, 0, 'the generators of closed streams ran their finally');
    assert.not.match(server().output().slice(printedBefore), /unhandled error|ResponseAborted|failed to pipe|Error:/i);
  });
}

