/** The options of {@link sendWebhook}. */
export interface SendWebhookOptions {
  /** The endpoint's Standard Webhooks secret, `whsec_<base64>` (the bytes after `whsec_` are the HMAC key). */
  secret: string;
  /** How many times a failed attempt is tried again (a 5xx, 408, 429 or a network error or timeout). Default: 2 (3 attempts). */
  retries?: number;
  /** How long one attempt may take, in milliseconds, before it is aborted and counts as failed. Default: 5,000. */
  timeout?: number;
  /** The first wait between attempts, in milliseconds, doubled each time, with jitter. Default: 1,000. */
  backoff?: number;
  /** How long all attempts and waits may take, in milliseconds: a wait (or a `Retry-After`) past it ends the delivery. Default: 30,000. */
  budget?: number;
  /**
   * Send to loopback, private, link-local, CGNAT, unique-local and IPv4-mapped addresses and `localhost` too (a
   * receiver on your own network, a test). Default: `false`: such an endpoint is refused before connecting.
   */
  allowPrivate?: boolean;
  /** The `webhook-id` of the delivery, the same on every attempt so that the receiver de-duplicates. Default: a new `msg_…`. */
  id?: string;
  /**
   * The `fetch` to send with, used as it is: the host name is checked before the first attempt, but the connection is
   * not pinned to the checked address (DNS rebinding). Default: on Node.js, `node:http(s)` with the check made on
   * every connection; elsewhere (Edge) the global `fetch`.
   */
  fetch?: typeof fetch;
}

/** What {@link sendWebhook} resolves with once the receiver answered a 2xx. */
export interface WebhookDelivery {
  /** The receiver's 2xx status. */
  status: number;
  /** How many attempts it took, 1 when the first was answered. */
  attempts: number;
  /** The `webhook-id` sent (on every attempt). */
  id: string;
}

/**
 * What {@link sendWebhook} rejects with when the delivery failed: every attempt failed, a 4xx other than 408 and 429
 * was answered, or the endpoint was refused (a private address without `allowPrivate`). Its `name` is
 * `'WebhookDeliveryError'`.
 */
export interface WebhookDeliveryError extends Error {
  /** The last attempt's status, or `undefined` when no attempt was answered (a network error, a timeout, a refused endpoint). */
  status?: number;
  /** How many attempts were made (0 when the endpoint was refused; an attempt refused when connecting is not counted). */
  attempts: number;
  /** The `webhook-id` of the delivery. */
  id: string;
}

/**
 * The payload a {@link sendWebhook} call takes for `P`: a Standard Schema's output, a DTO class's instance, else `P`
 * itself. `sendWebhook<typeof OrderCreatedDto>(...)` types the payload as the event's `@WebhookEvent` declares it.
 */
export type WebhookPayload<P> = P extends { readonly '~standard': { readonly types?: infer T } }
  ? NonNullable<T> extends { readonly output: infer O }
    ? O
    : unknown
  : P extends abstract new (...args: never[]) => infer I
    ? I
    : P;
