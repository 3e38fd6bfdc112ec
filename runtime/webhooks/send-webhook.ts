import { toBase64 } from '../idempotency/idempotency';
import { hmacSigner, standardSecretBytes } from './hmac';
import { isIpLiteral, isPrivateHost } from './send-address';
import { type Answer, nodeModules, pinnedPost } from './send-node';
import type { SendWebhookOptions, WebhookDelivery, WebhookDeliveryError } from './send-options';

const encoder = new TextEncoder();

/** `sendWebhook`'s implementation (a chunk of its own: the entry holds only the wrapper in ./send.ts). */
export async function send(endpoint: string | URL, type: string, payload: unknown, options: SendWebhookOptions): Promise<WebhookDelivery> {
  if ((options as { durable?: unknown })?.durable) {
    throw new TypeError("sendWebhook: durable: true is next-app-controllers/jobs's sendWebhook: import { sendWebhook } from 'next-app-controllers/jobs', and pass { durable: true, app } (an application created with a queue).");
  }
  const settings = checked(endpoint, type, options);
  const { url, id, retries, timeout, backoff, budget } = settings;
  if (!options.allowPrivate) await refusePrivate(url, id);
  const body = webhookBody(type, payload);
  const attempt = webhookAttempt(url, id, body, settings.secret, options);
  const deadline = Date.now() + budget;
  let attempts = 0;
  let status: number | undefined;
  let reason = '';
  for (;;) {
    attempts++;
    const outcome = await attempt(timeout);
    if (outcome.refused) throw Object.assign(outcome.refused, { attempts: attempts - 1 });
    status = outcome.status;
    if (outcome.delivered) return { status: status!, attempts, id };
    reason = outcome.reason;
    if (outcome.final) break;
    if (attempts > retries) break;
    const wait = Math.max(backoff * 2 ** (attempts - 1) * (0.5 + Math.random() / 2), outcome.retryAfter ?? 0);
    if (Date.now() + wait > deadline) {
      reason += ', and the next attempt would pass the budget';
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  throw deliveryError(`sendWebhook: ${type} to ${url.origin} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: the last ${reason}.`, id, attempts, status);
}

/** The Standard Webhooks envelope, made once per delivery: every attempt sends these bytes. */
export function webhookBody(type: string, payload: unknown): string {
  return JSON.stringify({ type, timestamp: new Date().toISOString(), data: payload });
}

/** What one attempt came to: delivered (a 2xx), final (another 4xx), refused when connecting, or to retry. */
export interface AttemptOutcome {
  delivered: boolean;
  final: boolean;
  status?: number;
  reason: string;
  retryAfter?: number;
  refused?: WebhookDeliveryError;
}

/**
 * One attempt of a delivery, each signed afresh with the current timestamp under the same `webhook-id`: a 5xx, 408,
 * 429 or a network error or timeout is one to retry, another 4xx is final. On Node.js every connection checks the
 * addresses it is given (DNS rebinding) unless `allowPrivate`; a caller's `fetch` is used as is. Shared with the
 * durable deliveries of next-app-controllers/jobs, one attempt per job attempt.
 */
export function webhookAttempt(url: URL, id: string, body: string, secret: Uint8Array, options: Pick<SendWebhookOptions, 'allowPrivate' | 'fetch'>): (timeout: number) => Promise<AttemptOutcome> {
  const sign = hmacSigner(secret);
  const node = options.fetch ? undefined : nodeModules();
  let refused: WebhookDeliveryError | undefined;
  const refuse = options.allowPrivate ? undefined : (address: string) => (isPrivateHost(address) ? (refused = refusal(url, id, address)) : undefined);
  const post = node
    ? (headers: Record<string, string>, signal: AbortSignal) => pinnedPost(node, url, headers, body, signal, refuse)
    : (headers: Record<string, string>, signal: AbortSignal) => fetched(options.fetch ?? fetch, url, headers, body, signal);
  return async (timeout) => {
    // Signed outside the try: a signing failure is not a delivery failure to retry.
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = await sign(encoder.encode(`${id}.${timestamp}.${body}`));
    try {
      const answer = await post(
        { 'content-type': 'application/json', 'user-agent': 'next-app-controllers', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${toBase64(signature)}` },
        AbortSignal.timeout(timeout),
      );
      const status = answer.status;
      if (status >= 200 && status < 300) return { delivered: true, final: true, status, reason: `answered ${status}` };
      return { delivered: false, final: status < 500 && status !== 408 && status !== 429, status, reason: `answered ${status}`, retryAfter: parseRetryAfter(answer.retryAfter) };
    } catch (error) {
      // Refused when connecting: the attempt never reached the endpoint, and no retry will.
      if (refused) return { delivered: false, final: true, reason: refused.message, refused };
      const reason = (error as Error)?.name === 'TimeoutError' ? `timed out after ${timeout} ms` : `failed: ${(error as Error)?.message ?? error}`;
      return { delivered: false, final: false, reason };
    }
  };
}

export function checked(endpoint: string | URL, type: string, options: SendWebhookOptions) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new TypeError(`sendWebhook: the endpoint must be an absolute http(s) URL, got ${JSON.stringify(String(endpoint))}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`sendWebhook: the endpoint must be an http(s) URL, got ${url.protocol}.`);
  // fetch() refuses them, and node:http would send them as Basic auth: a receiver's secret is the signing secret.
  if (url.username !== '' || url.password !== '') throw new TypeError('sendWebhook: the endpoint must not carry credentials (user:password@); the signature authenticates the delivery.');
  if (typeof type !== 'string' || type === '') throw new TypeError("sendWebhook: the event type must be a non-empty string, e.g. 'order.created'.");
  if (!options || typeof options.secret !== 'string') throw new TypeError('sendWebhook: options.secret is required: the endpoint\'s Standard Webhooks secret, whsec_<base64>.');
  const secret = standardSecretBytes(options.secret);
  if (!secret) throw new TypeError('sendWebhook: options.secret must be whsec_<base64> (Standard Webhooks).');
  const id = options.id ?? `msg_${crypto.randomUUID().replace(/-/g, '')}`;
  if (typeof id !== 'string' || !/^[\w.:-]{1,256}$/.test(id)) throw new TypeError('sendWebhook: options.id must be 1 to 256 of A-Z a-z 0-9 _ . : -.');
  const number = (name: 'retries' | 'timeout' | 'backoff' | 'budget', fallback: number, min: number) => {
    const value = options[name] ?? fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min) throw new TypeError(`sendWebhook: options.${name} must be an integer of at least ${min}, got ${String(value)}.`);
    return value;
  };
  return { url, id, secret, retries: number('retries', 2, 0), timeout: number('timeout', 5_000, 1), backoff: number('backoff', 1_000, 0), budget: number('budget', 30_000, 0) };
}

/** Refuses a private endpoint: its literal address, else (on Node.js) every address its name resolves to. */
export async function refusePrivate(url: URL, id: string): Promise<void> {
  const host = url.hostname;
  if (isPrivateHost(host)) throw refusal(url, id, host);
  if (isIpLiteral(host)) return;
  // No DNS on Edge: only the literal host is checked there.
  const dns = (globalThis as { process?: { getBuiltinModule?(id: 'dns'): typeof import('node:dns') | undefined } }).process?.getBuiltinModule?.('dns');
  if (!dns) return;
  let addresses: { address: string }[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch (error) {
    throw deliveryError(`sendWebhook: ${host} does not resolve (${(error as Error).message}).`, id, 0, undefined);
  }
  for (const { address } of addresses) if (isPrivateHost(address)) throw refusal(url, id, address);
}

function refusal(url: URL, id: string, address: string): WebhookDeliveryError {
  const what = address === url.hostname ? 'it is' : `it resolves to ${address},`;
  return deliveryError(`sendWebhook: refused ${url.origin}: ${what} a loopback, private or link-local address. Pass allowPrivate: true to send to it.`, id, 0, undefined);
}

/** One attempt through `fetch` (Edge, or the caller's): a 3xx is answered, not followed; the body is not read. */
async function fetched(send: typeof fetch, url: URL, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<Answer> {
  const response = await send(url, { method: 'POST', headers, body, redirect: 'manual', signal });
  await response.body?.cancel().catch(() => {});
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
}

function deliveryError(message: string, id: string, attempts: number, status: number | undefined): WebhookDeliveryError {
  return Object.assign(new Error(message), { name: 'WebhookDeliveryError', id, attempts, status });
}

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date. */
function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
