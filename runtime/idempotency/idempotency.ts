import type { Handler } from '../routing/compose';
import type { RouteContext } from '../core/context';
import { built } from '../core/response';
import { keepBody, keptBytes } from '../core/kept-body';
import { readLimited } from '../inputs/read-limited';
import type { ErrorResponder } from '../errors/error-handler';
import { clientError } from '../errors/client-error';
import type { ApplicationStore, MemoryStore, RedisStore } from '../metadata/limits';
import { principalIdOf } from '../metadata/principal-id';
import { applicationStore } from '../guards/store';
import type { RouteDefinition } from '../routing/route-definitions';

/** What idempotency reads of the application. */
export interface IdempotencySettings {
  store?: MemoryStore | RedisStore | ApplicationStore;
  bodyLimit: number;
  fail: ErrorResponder;
}

const DAY = 24 * 60 * 60 * 1000;
/** How long a running request holds its key: a crash mid-request frees it after this, not never. */
const LOCK_TTL = 60_000;
/** The draft's key is an sf-string; any printable ASCII but `"` and `\`, at most 255 characters, is taken. */
const SANE_KEY = /^[\x20\x21\x23-\x5b\x5d-\x7e]{1,255}$/;
/** Headers a replay does not copy: its own request id, and nothing that sets a cookie for another request. */
const NOT_REPLAYED = new Set(['x-request-id', 'set-cookie', 'content-length']);

interface Running {
  state: 'running';
  fingerprint: string;
}
interface Done {
  state: 'done';
  fingerprint: string;
  status: number;
  headers: [string, string][];
  /** The body as the response builder had it (a route's value, `context.json()`): text, or null for none. */
  text?: string | null;
  /** Else the body's bytes read back from the Response, base64. */
  body?: string;
}

// The bodies of the Responses built while an idempotent request runs (core/response.ts's `built.seen`): its answer's
// is stored from here and the Response goes out untouched. Reading it back (`arrayBuffer`) and building it again cost
// two web streams, ~15 µs on Node 20. The hook is set only while such a request runs: other routes do not pay for it.
// Kept on the Response itself under a symbol: a WeakMap entry cost ~0.3 µs more, and work for the collector.
const BODY = Symbol('idempotentBody');
let running = 0;
const seen = (response: Response, body: string | null) => {
  (response as Response & { [BODY]?: string | null })[BODY] = body;
};

/**
 * Idempotency keys (a chunk, loaded by the dispatcher when a route is `@Idempotent`): per route, its handler behind
 * the key check. It runs after every middleware (auth decided who asks before a stored answer is given back) and keys
 * are scoped by the principal (metadata/principal.ts) and the path. The first request with a key takes a lock (`add`,
 * with its own expiry), runs, and its status, headers and body replace the lock once the handler has finished; a 5xx
 * or a throw frees the key for a retry.
 */
export function idempotency(settings: IdempotencySettings): (definition: RouteDefinition, run: Handler) => Handler {
  const store = applicationStore(settings.store);
  const { fail, bodyLimit } = settings;
  return (definition, run) => {
    const options = definition.idempotent;
    if (options === undefined) return run;
    const where = `${definition.controller.name}.${definition.propertyKey}: @Idempotent`;
    if (definition.method !== 'POST' && definition.method !== 'PATCH') {
      if (options.fromController) return run;
      throw new TypeError(`${where} applies to POST and PATCH routes, not ${definition.method}.`);
    }
    if (definition.sse !== undefined || definition.produces !== undefined) {
      throw new TypeError(`${where} cannot replay a stream or a download (@Sse, @Produces): its answer is not kept.`);
    }
    const ttl = options.ttl ?? DAY;
    if (!Number.isInteger(ttl) || ttl < 1) throw new TypeError(`${where} takes { ttl } in whole milliseconds above 0, got ${ttl}.`);
    const required = options.required === true;

    return async (context) => {
      const key = context.request.headers.get('idempotency-key');
      if (key === null) return required ? fail(clientError(400, 'This request needs an Idempotency-Key header'), context) : run(context);
      if (!SANE_KEY.test(key)) return fail(clientError(400, 'The Idempotency-Key header must be 1 to 255 printable characters'), context);
      const request = context.request;
      let bytes = keptBytes(request);
      if (bytes === undefined) {
        const body = request.body;
        bytes = body === null ? EMPTY : await bodyBytes(request, body, bodyLimit);
        // The bytes, read once, stay the body the handler and the body readers read (core/kept-body.ts): no new Request.
        if (body !== null && bytes !== undefined) keepBody(request, bytes);
      }
      if (bytes === undefined || bytes.byteLength > bodyLimit) return fail(clientError(413, `Request body is larger than the limit of ${bodyLimit} bytes`), context);
      const fingerprint = nodeCrypto !== undefined ? nodeDigest(bytes) : await webDigest(bytes);
      const storeKey = `idem:${principalIdOf(context) ?? ''}:${request.method} ${pathOf(request.url)}:${key}`;
      let stored: string | undefined;
      try {
        // JSON.stringify({ state: 'running', fingerprint }) written out: the fingerprint is hex.
        const lock = `{"state":"running","fingerprint":"${fingerprint}"}`;
        // The memory store answers at once: no await (a microtask) for it.
        const added = store.add(storeKey, lock, Math.min(LOCK_TTL, ttl));
        if (!(typeof added === 'boolean' ? added : await added)) stored = (await store.get(storeKey)) ?? '';
      } catch (error) {
        return fail(clientError(503, 'The idempotency store is unavailable: try again', { cause: error }), context);
      }
      if (stored !== undefined) return answerFromStore(stored, fingerprint, context);
      let response: Response;
      if (running++ === 0) built.seen = seen;
      try {
        response = await run(context);
      } catch (error) {
        await forget(store, storeKey);
        throw error;
      } finally {
        if (--running === 0) built.seen = undefined;
      }
      if (response.status >= 500) {
        await forget(store, storeKey);
        return response;
      }
      const status = response.status;
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (!NOT_REPLAYED.has(name)) headers.push([name, value]);
      });
      // No bodyUsed check (undici's getter cost ~1 µs): a Response built in this request that was read is unusable
      // whether it is stored or not.
      const text = (response as Response & { [BODY]?: string | null })[BODY];
      const done: Done = { state: 'done', fingerprint, status, headers };
      let answer = response;
      if (text !== undefined) {
        done.text = nullBodyStatus(status) ? null : text;
      } else {
        // A Response the handler made itself (or bytes): its body is read, stored, and sent again.
        const body = new Uint8Array(await response.arrayBuffer());
        done.body = toBase64(body);
        answer = new Response(body.byteLength === 0 && nullBodyStatus(status) ? null : body, { status, statusText: response.statusText, headers: response.headers });
      }
      try {
        const set = store.set(storeKey, JSON.stringify(done), ttl);
        if (set !== undefined) await set;
      } catch {
        // The answer is sent all the same; a retry runs again once the lock has expired.
      }
      return answer;
    };

    function answerFromStore(stored: string, fingerprint: string, context: RouteContext): Response | Promise<Response> {
      let record: Running | Done | undefined;
      try {
        record = JSON.parse(stored) as Running | Done;
      } catch {
        record = undefined;
      }
      // Gone between add and get (it expired): the client retries and takes the key then.
      if (record === undefined) return fail(clientError(409, 'A request with this Idempotency-Key is being processed: retry later'), context);
      if (record.fingerprint !== fingerprint) {
        return fail(clientError(422, 'This Idempotency-Key was used with another request payload'), context);
      }
      if (record.state === 'running') return fail(clientError(409, 'A request with this Idempotency-Key is being processed: retry later'), context);
      const headers = new Headers(record.headers);
      headers.set('idempotency-replayed', 'true');
      if (record.text !== undefined) return new Response(record.text, { status: record.status, headers });
      const body = fromBase64(record.body ?? '');
      return new Response(body.byteLength === 0 && nullBodyStatus(record.status) ? null : body, { status: record.status, headers });
    }
  };
}

export async function forget(store: ApplicationStore, key: string): Promise<void> {
  try {
    await store.delete(key);
  } catch {
    // The lock expires by itself.
  }
}

const EMPTY = new Uint8Array(0);

/** The request's body, read and given up past `limit` bytes (a body cut off by the client is a 400: inputs/read-limited.ts). */
function bodyBytes(request: Request, body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | undefined> | undefined {
  const declared = Number(request.headers.get('content-length'));
  return declared > limit ? undefined : readLimited(body, limit);
}

// Node's createHash when the runtime has it (through process.getBuiltinModule, which bundlers do not follow): a
// WebCrypto digest hops to the thread pool and cost about 15 times its CPU time per request here; Edge uses WebCrypto.
export const nodeCrypto = (globalThis as { process?: { getBuiltinModule?(id: 'crypto'): typeof import('node:crypto') } }).process?.getBuiltinModule?.('crypto');

/**
 * SHA-256 of the body's bytes, hex: what "the same payload" means (the method is in the store's key). Node's one-shot
 * `crypto.hash` where it has one (20.12 and later: a quarter of `createHash`'s time), without a promise.
 */
export function nodeDigest(bytes: Uint8Array): string {
  const node = nodeCrypto!;
  return node.hash ? node.hash('sha256', bytes, 'hex') : node.createHash('sha256').update(bytes).digest('hex');
}

/** The same with WebCrypto (Edge). */
export async function webDigest(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const byte of hash) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const end = url.search(/[?#]/);
  return end === -1 ? url.slice(start) : url.slice(start, end);
}

export function nullBodyStatus(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.byteLength; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
