import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Get, HttpError, Produces, Sse, createApplication, download, problemDetails } from '../../runtime/index';
import { contentDisposition } from '../../runtime/responses/download';
import { captureConsole, request } from './helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What each generator did, by name: started, finished its `finally`. */
const log: string[] = [];

@Controller('/streams')
class StreamsController {
  @Sse()
  @Get('/values')
  async *values() {
    yield { n: 1 };
    yield 'two';
    yield { data: { n: 3 }, event: 'third', id: '3', retry: 5000 };
  }

  @Sse()
  @Get('/endless')
  async *endless() {
    log.push('endless started');
    try {
      for (let n = 0; ; n++) {
        yield { n };
        await sleep(20);
      }
    } finally {
      log.push('endless finally');
    }
  }

  @Sse({ keepAlive: 30 })
  @Get('/quiet')
  async *quiet() {
    await sleep(100);
    yield 'late';
  }

  @Sse()
  @Get('/fails')
  async *fails() {
    yield 1;
    throw new Error('secret database detail');
  }

  @Sse()
  @Get('/forbidden')
  async *forbidden() {
    yield 1;
    throw new HttpError(403, 'no more for you');
  }

  @Sse()
  @Get('/forged')
  async *forged() {
    yield { data: 1, event: 'a\ndata: forged' };
  }

  @Sse()
  @Get('/not-iterable')
  notIterable() {
    return { n: 1 };
  }

  @Get('/blob')
  blob() {
    return new Blob(['hello'], { type: 'text/plain' });
  }

  @Get('/file')
  file() {
    return new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' });
  }

  @Get('/bytes')
  bytes() {
    return new Uint8Array([1, 2, 3]);
  }

  @Get('/buffer')
  buffer() {
    return new Uint8Array([4, 5]).buffer;
  }

  @Produces('application/pdf')
  @Get('/pdf')
  pdf() {
    return new Blob(['%PDF-1.7']);
  }

  @Produces('text/csv')
  @Get('/csv')
  csv() {
    return 'a,b\n1,2\n';
  }

  @Get('/stream')
  stream() {
    log.push('stream created');
    let n = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (n === 0) log.push('stream pulled');
        if (n++ === 3) return controller.close();
        controller.enqueue(new Uint8Array(1024).fill(n));
      },
      cancel() {
        log.push('stream cancelled');
      },
    }, { highWaterMark: 0 });
  }

  @Get('/download')
  download() {
    return download(new Blob(['x,y']), { filename: 'Résumé "final" ü.csv', type: 'text/csv' });
  }
}

function streamsApp(options: Parameters<typeof createApplication>[0] extends infer O ? Partial<O> : never = {}) {
  return createApplication({ controllers: [StreamsController], ...options });
}

/** The events of an SSE body, each as its field lines. */
function events(text: string): string[][] {
  return text.split('\n\n').filter(Boolean).map((block) => block.split('\n'));
}

const sse = suite('Server-Sent Events (@Sse)');

sse('each value is one event with JSON data; { data, event, id, retry } gives its fields', async () => {
  const response = await request(streamsApp(), 'GET', '/api/streams/values');
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  assert.is(response.headers.get('cache-control'), 'no-cache, no-transform');
  assert.equal(events(await response.text()), [['data: {"n":1}'], ['data: "two"'], ['event: third', 'id: 3', 'retry: 5000', 'data: {"n":3}']]);
});

sse('each event is readable as soon as it is yielded, before the next one is produced', async () => {
  log.length = 0;
  const response = await request(streamsApp(), 'GET', '/api/streams/endless');
  const reader = response.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  assert.is(first, 'data: {"n":0}\n\n');
  await reader.cancel();
});

sse('a keep-alive comment line is sent while no event is (@Sse({ keepAlive }))', async () => {
  const text = await (await request(streamsApp(), 'GET', '/api/streams/quiet')).text();
  assert.ok(text.startsWith(': keep-alive\n\n'), text);
  assert.ok(text.endsWith('data: "late"\n\n'), text);
});

sse('an aborted request.signal ends the iterator: its finally runs, nothing is logged, onError hears nothing', async () => {
  log.length = 0;
  const heard: unknown[] = [];
  const app = streamsApp({ onError: (error) => void heard.push(error) });
  const controller = new AbortController();
  const printed = await captureConsole(async () => {
    const response = await request(app, 'GET', '/api/streams/endless', { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    controller.abort();
    const started = Date.now();
    while (!log.includes('endless finally') && Date.now() - started < 1000) await sleep(5);
    assert.ok(log.includes('endless finally'), log.join());
    // the body ends too
    while (!(await reader.read()).done);
  });
  assert.equal(printed.error, []);
  assert.equal(heard, []);
});

sse('a client that cancels the body ends the iterator (its finally runs)', async () => {
  log.length = 0;
  const response = await request(streamsApp(), 'GET', '/api/streams/endless');
  const reader = response.body!.getReader();
  await reader.read();
  await reader.cancel();
  const started = Date.now();
  while (!log.includes('endless finally') && Date.now() - started < 1000) await sleep(5);
  assert.equal(log, ['endless started', 'endless finally']);
});

sse('a throw after the stream began is an error event with the 500 body (no message), onError gets it, the stream ends', async () => {
  const heard: unknown[] = [];
  const app = streamsApp({ onError: (error) => void heard.push(error) });
  const response = await request(app, 'GET', '/api/streams/fails');
  assert.is(response.status, 200);
  const text = await response.text();
  const id = response.headers.get('x-request-id');
  assert.equal(events(text), [['data: 1'], ['event: error', `data: {"success":false,"statusCode":500,"message":"Internal Server Error","requestId":"${id}"}`]]);
  assert.not.ok(text.includes('secret'));
  assert.is((heard[0] as Error).message, 'secret database detail');
  // the application keeps answering
  assert.is((await request(app, 'GET', '/api/streams/values')).status, 200);
});

sse("the error event carries the application's error format (formatError), an HttpError's own status", async () => {
  const app = streamsApp({ formatError: problemDetails });
  const [, error] = events(await (await request(app, 'GET', '/api/streams/forbidden')).text());
  assert.is(error[0], 'event: error');
  const body = JSON.parse(error.slice(1).map((line) => line.slice('data: '.length)).join('\n'));
  assert.is(body.status, 403);
  assert.is(body.detail, 'no more for you');
});

sse('an event field with a line break is refused as an error event, never sent as forged fields', async () => {
  const { error } = await captureConsole(async () => {
    const text = await (await request(streamsApp(), 'GET', '/api/streams/forged')).text();
    assert.not.ok(text.includes('data: forged'), text);
    assert.ok(text.startsWith('event: error\n'), text);
  });
  assert.is(error.length, 1);
});

sse('a method that returns no AsyncIterable is a 500 (onError)', async () => {
  const heard: unknown[] = [];
  const response = await request(streamsApp({ onError: (error) => void heard.push(error) }), 'GET', '/api/streams/not-iterable');
  assert.is(response.status, 500);
  assert.match(String(heard[0]), /must return an AsyncIterable/);
});

sse('HEAD answers the headers and never starts the generator', async () => {
  log.length = 0;
  const response = await request(streamsApp(), 'HEAD', '/api/streams/endless');
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  assert.is(response.body, null);
  await sleep(30);
  assert.equal(log, []);
});

sse('@Sse({ keepAlive }) takes milliseconds', () => {
  assert.throws(() => Sse({ keepAlive: -1 }), /keepAlive/);
  assert.throws(() => Sse({ keepAlive: 'often' as unknown as number }), /keepAlive/);
});

sse.run();

const bytes = suite('bytes and downloads');

bytes('a Blob is sent with its type and length; a File with its type', async () => {
  const blob = await request(streamsApp(), 'GET', '/api/streams/blob');
  assert.is(blob.headers.get('content-type'), 'text/plain');
  assert.is(blob.headers.get('content-length'), '5');
  assert.is(await blob.text(), 'hello');
  const file = await request(streamsApp(), 'GET', '/api/streams/file');
  assert.is(file.headers.get('content-type'), 'image/svg+xml');
  assert.is(await file.text(), '<svg/>');
});

bytes('a Uint8Array and an ArrayBuffer are application/octet-stream with their length', async () => {
  for (const [path, expected] of [['bytes', [1, 2, 3]], ['buffer', [4, 5]]] as const) {
    const response = await request(streamsApp(), 'GET', `/api/streams/${path}`);
    assert.is(response.headers.get('content-type'), 'application/octet-stream');
    assert.is(response.headers.get('content-length'), String(expected.length));
    assert.equal([...new Uint8Array(await response.arrayBuffer())], [...expected]);
  }
});

bytes('@Produces sets the type of a Blob without one, and of a string', async () => {
  const pdf = await request(streamsApp(), 'GET', '/api/streams/pdf');
  assert.is(pdf.headers.get('content-type'), 'application/pdf');
  assert.is(await pdf.text(), '%PDF-1.7');
  const csv = await request(streamsApp(), 'GET', '/api/streams/csv');
  assert.is(csv.headers.get('content-type'), 'text/csv');
  assert.is(await csv.text(), 'a,b\n1,2\n');
});

bytes('a ReadableStream is streamed: nothing is pulled before the body is read, no content-length', async () => {
  log.length = 0;
  const response = await request(streamsApp(), 'GET', '/api/streams/stream');
  assert.is(response.headers.get('content-type'), 'application/octet-stream');
  assert.is(response.headers.get('content-length'), null);
  assert.equal(log, ['stream created']);
  assert.is((await response.arrayBuffer()).byteLength, 3 * 1024);
});

bytes('HEAD of a stream route: headers only, the stream is cancelled unread', async () => {
  log.length = 0;
  const response = await request(streamsApp(), 'HEAD', '/api/streams/stream');
  assert.is(response.body, null);
  await sleep(10);
  assert.equal(log, ['stream created', 'stream cancelled']);
});

bytes('download(): attachment with an ASCII filename and the exact one in filename* (RFC 6266)', async () => {
  const response = await request(streamsApp(), 'GET', '/api/streams/download');
  assert.is(response.headers.get('content-type'), 'text/csv');
  assert.is(response.headers.get('content-length'), '3');
  assert.is(response.headers.get('content-disposition'), `attachment; filename="R_sum_ _final_ _.csv"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20%C3%BC.csv`);
  assert.is(await response.text(), 'x,y');
});

bytes('contentDisposition: filename* decodes back to the name for any string; the fallback is printable ASCII without quotes', async () => {
  const fc = await import('fast-check');
  // Characters that need care are drawn often: quotes, backslash, RFC 5987's reserved ' ( ) *, %, controls.
  const unit = fc.oneof(fc.constantFrom('"', '\\', "'", '(', ')', '*', '%', ' ', '\n', '\r', ';', 'é', '😀'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
  fc.assert(
    fc.property(fc.string({ unit, minLength: 1 }), (name) => {
      const header = contentDisposition(name);
      const parts = /^attachment; filename="([\x20-\x7e]*)"(?:; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]*))?$/.exec(header);
      assert.ok(parts, header);
      const [, fallback, star] = parts!;
      assert.not.ok(/["\\]/.test(fallback), header);
      const exact = star === undefined ? fallback : decodeURIComponent(star);
      assert.is(exact, name);
    }),
  );
});

bytes('download() needs a filename; a string body is text/plain', async () => {
  assert.throws(() => download('x', {} as { filename: string }), /needs a file name/);
  const response = download('héllo', { filename: 'a.txt' });
  assert.is(response.headers.get('content-type'), 'text/plain; charset=utf-8');
  assert.is(response.headers.get('content-disposition'), 'attachment; filename="a.txt"');
  assert.is(await response.text(), 'héllo');
});

bytes('@Produces takes a media type', () => {
  assert.throws(() => Produces('pdf'), /media type/);
});

bytes.run();

