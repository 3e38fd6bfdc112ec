import type { Handler } from '../routing/compose';
import type { RouteContext } from '../core/context';
import type { ErrorResponder } from '../errors/error-handler';
import { HttpError } from '../errors/http-error';
import { clientError } from '../errors/client-error';
import type { ApplicationStore, MemoryStore, RedisStore } from '../metadata/limits';
import { applicationStore } from '../guards/store';
import { forget, fromBase64, nullBodyStatus, toBase64 } from '../idempotency/idempotency';
import { readBody } from '../inputs/body';
import { hmacSigner, standardSecretBytes } from './hmac';
import type { RouteDefinition } from '../routing/route-definitions';
import type { WebhookVerifier } from '../metadata/webhooks';

/** What webhook verification reads of the application. */
export interface WebhookSettings {
  store?: MemoryStore | RedisStore | ApplicationStore;
  bodyLimit: number;
  fail: ErrorResponder;
}

type Signer = ReturnType<typeof hmacSigner>;

/** Standard Webhooks' and Stripe's window around the sender's timestamp, and how long a delivery id is remembered. */
const TOLERANCE = 5 * 60;
/** How long a running delivery holds its id: a crash mid-request frees it after this. */
const LOCK_TTL = 60_000;
const encoder = new TextEncoder();

/**
 * `@Webhook` routes (a chunk, loaded by the dispatcher only when a route has one): the body's bytes are read once under
 * the body limit, verified against the signature (hmac.ts: Node's createHmac, or WebCrypto on Edge), and handed on as the request's body for `@Body`; a
 * delivery id seen within the tolerance is answered with the first delivery's stored answer and `Webhook-Replayed: true`.
 */
export function webhooks(settings: WebhookSettings): (definition: RouteDefinition, run: Handler) => Handler {
  const store = applicationStore(settings.store);
  const { fail, bodyLimit } = settings;
  return (definition, run) => {
    const options = definition.webhook;
    if (options === undefined) return run;
    const where = `${definition.controller.name}.${definition.propertyKey}: @Webhook`;
    if (definition.method !== 'POST') throw new TypeError(`${where} applies to POST routes, not ${definition.method}.`);
    const verifier = options.verify;
    if (!verifier || !['standard', 'stripe', 'github'].includes(verifier.provider) || verifier.secrets.length === 0 || verifier.secrets.some((secret) => typeof secret !== 'string' || secret === '')) {
      throw new TypeError(`${where} takes { verify: standardWebhooks(secret), stripeWebhooks(secret) or githubWebhooks(secret) } with non-empty secrets.`);
    }
    const keys = verifier.secrets.map((secret) => hmacSigner(verifier.provider === 'standard' ? standardSecret(secret, where) : encoder.encode(secret)));

    return async (context) => {
      let bytes: Uint8Array;
      let id: string;
      try {
        bytes = await readBody(context.request, bodyLimit);
        id = await check(verifier.provider, context.request.headers, bytes, keys);
      } catch (error) {
        if (error instanceof HttpError) return fail(error, context);
        throw error;
      }
      const request = context.request;
      (context as { request: Request }).request = new Request(request.url, { method: request.method, headers: request.headers, body: bytes as Uint8Array<ArrayBuffer> });
      return deduplicated(store, `webhook:${verifier.provider}:${definition.method} ${definition.path}:${id}`, context, run, fail);
    };
  };
}

/** Verifies the request's signature; gives its delivery id. A 401 (HttpError) when it is missing, wrong or stale. */
async function check(provider: WebhookVerifier['provider'], headers: Headers, body: Uint8Array, keys: Signer[]): Promise<string> {
  if (provider === 'standard') {
    const id = required(headers, 'webhook-id');
    const timestamp = required(headers, 'webhook-timestamp');
    const signatures = required(headers, 'webhook-signature').split(' ').flatMap((entry) => (entry.startsWith('v1,') ? [decodeBase64(entry.slice(3))] : []));
    fresh(timestamp);
    await match(keys, join(`${id}.${timestamp}.`, body), signatures);
    return id;
  }
  if (provider === 'stripe') {
    const parts = required(headers, 'stripe-signature').split(',').map((part) => part.trim().split('=', 2) as [string, string?]);
    const timestamp = parts.find(([name]) => name === 't')?.[1];
    if (timestamp === undefined) throw unauthorized('The Stripe-Signature header has no timestamp');
    fresh(timestamp);
    await match(keys, join(`${timestamp}.`, body), parts.flatMap(([name, value]) => (name === 'v1' && value ? [decodeHex(value)] : [])));
    // Stripe sends no delivery header: the event's id (its retries keep it), else the signature itself.
    return eventId(body) ?? `${timestamp}.${parts.find(([name]) => name === 'v1')?.[1]}`;
  }
  const signature = required(headers, 'x-hub-signature-256');
  const id = required(headers, 'x-github-delivery');
  await match(keys, body, signature.startsWith('sha256=') ? [decodeHex(signature.slice(7))] : []);
  return id;
}

function required(headers: Headers, name: string): string {
  const value = headers.get(name);
  if (value === null || value === '') throw unauthorized(`The webhook's ${name} header is missing`);
  return value;
}

function fresh(timestamp: string): void {
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!(Math.abs(Date.now() / 1000 - seconds) <= TOLERANCE)) throw unauthorized("The webhook's timestamp is missing or outside the 5-minute tolerance");
}

/** A 401 unless one signature is one key's HMAC-SHA256 of the content, compared in constant time. */
async function match(keys: Signer[], content: Uint8Array, signatures: (Uint8Array | undefined)[]): Promise<void> {
  for (const sign of keys) {
    const signed = sign(content);
    const expected = signed instanceof Promise ? await signed : signed;
    for (const signature of signatures) if (signature !== undefined && same(expected, signature)) return;
  }
  throw unauthorized("The webhook's signature does not match its body");
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let difference = 0;
  for (let i = 0; i < a.byteLength; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}

function unauthorized(message: string): HttpError {
  return clientError(401, message);
}

function standardSecret(secret: string, where: string): Uint8Array {
  const bytes = standardSecretBytes(secret);
  if (bytes === undefined) throw new TypeError(`${where}: standardWebhooks() takes secrets as whsec_<base64>.`);
  return bytes;
}

function decodeBase64(text: string): Uint8Array | undefined {
  try {
    return fromBase64(text);
  } catch {
    return undefined;
  }
}

function decodeHex(text: string): Uint8Array | undefined {
  if (!/^(?:[0-9a-f]{2})+$/i.test(text)) return undefined;
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function join(head: string, body: Uint8Array): Uint8Array {
  const start = encoder.encode(head);
  const all = new Uint8Array(start.byteLength + body.byteLength);
  all.set(start);
  all.set(body, start.byteLength);
  return all;
}

function eventId(body: Uint8Array): string | undefined {
  try {
    const id = (JSON.parse(new TextDecoder().decode(body)) as { id?: unknown }).id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

interface Stored {
  state: 'running' | 'done';
  status?: number;
  headers?: [string, string][];
  body?: string;
}

/** The first delivery of an id runs (holding a lock with its own expiry); a repeat within the tolerance gets its answer. */
async function deduplicated(store: ApplicationStore, key: string, context: RouteContext, run: Handler, fail: ErrorResponder): Promise<Response> {
  let stored: string | undefined;
  try {
    if (!(await store.add(key, JSON.stringify({ state: 'running' } satisfies Stored), LOCK_TTL))) stored = (await store.get(key)) ?? '';
  } catch (error) {
    return fail(clientError(503, 'The webhook store is unavailable: try again', { cause: error }), context);
  }
  if (stored !== undefined) {
    let record: Stored | undefined;
    try {
      record = JSON.parse(stored) as Stored;
    } catch {
      record = undefined;
    }
    if (record?.state !== 'done') return fail(clientError(409, 'This webhook delivery is being processed: retry later'), context);
    const body = fromBase64(record.body ?? '');
    // As `Idempotency-Replayed` says of a replayed answer: the handler did not run for this delivery.
    const headers = new Headers(record.headers);
    headers.set('webhook-replayed', 'true');
    return new Response(body.byteLength === 0 && nullBodyStatus(record.status!) ? null : body, { status: record.status, headers });
  }
  let response: Response;
  try {
    response = await run(context);
  } catch (error) {
    await forget(store, key);
    throw error;
  }
  if (response.status >= 500) {
    await forget(store, key);
    return response;
  }
  const body = new Uint8Array(await response.arrayBuffer());
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'x-request-id') headers.push([name, value]);
  });
  try {
    await store.set(key, JSON.stringify({ state: 'done', status: response.status, headers, body: toBase64(body) } satisfies Stored), TOLERANCE * 1000);
  } catch {
    // Answered all the same; a repeat runs again once the lock has expired.
  }
  return new Response(body.byteLength === 0 && nullBodyStatus(response.status) ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
