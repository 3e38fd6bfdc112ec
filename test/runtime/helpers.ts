import type { Application } from '../../runtime/application';

export const ORIGIN = 'http://localhost';

export function request(app: Application, method: string, path: string, init: RequestInit = {}): Promise<Response> {
  return app.handle(new Request(ORIGIN + path, { method, ...init }));
}

export function postJson(app: Application, path: string, body: unknown, method = 'POST'): Promise<Response> {
  return request(app, method, path, { headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

/**
 * The response's JSON. An error body's `requestId` (or problem details' `instance`) is checked against the
 * response's X-Request-Id and left out, so that tests compare the rest exactly.
 */
export async function jsonOf(response: Response): Promise<unknown> {
  return withoutRequestId(JSON.parse(await response.text()), response.headers.get('x-request-id'));
}

/** What problem details' `instance` holds for `response`: its request id, as a URN. */
export function instanceOf(response: Response): string {
  return `urn:request-id:${response.headers.get('x-request-id')}`;
}

/** `body` without the request id it must carry when it is an error body the library wrote; throws when it differs. */
export function withoutRequestId(body: unknown, id: string | null): unknown {
  if (id === null || typeof body !== 'object' || body === null) return body;
  const record = body as Record<string, unknown>;
  if (record.success === false && 'statusCode' in record) {
    if (record.requestId !== id) throw new Error(`the error body's requestId ${JSON.stringify(record.requestId)} is not the X-Request-Id ${id}`);
    const { requestId: _, ...rest } = record;
    return rest;
  }
  if (record.type === 'about:blank' && 'instance' in record && record.instance !== `urn:request-id:${id}`) {
    throw new Error(`the problem's instance ${JSON.stringify(record.instance)} does not name the X-Request-Id ${id}`);
  }
  return body;
}

/** Runs `fn` with console.warn/error captured, and gives back what was printed. */
export async function captureConsole(fn: () => unknown): Promise<{ warn: string[]; error: unknown[][] }> {
  const { warn, error } = console;
  const printed = { warn: [] as string[], error: [] as unknown[][] };
  console.warn = (...args: unknown[]) => void printed.warn.push(args.join(' '));
  console.error = (...args: unknown[]) => void printed.error.push(args);
  try {
    await fn();
  } finally {
    console.warn = warn;
    console.error = error;
  }
  return printed;
}

/** A request body that sends `start`, then fails as a client's disconnecting mid-upload does (undici's `terminated`). */
export function cutOffBody(start: string): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(start));
      setTimeout(() => controller.error(new TypeError('terminated')), 1);
    },
  });
}
