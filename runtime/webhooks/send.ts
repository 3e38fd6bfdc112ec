import type { SendWebhookOptions, WebhookDelivery, WebhookPayload } from './send-options';

/**
 * Sends the event `type` to `endpoint` as a Standard Webhooks POST: the body is `{ type, timestamp, data: payload }`
 * (what `@WebhookEvent` documents), signed with `secret` (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 * Each attempt times out; a 5xx, 408, 429 (its `Retry-After` honoured within the budget) or a network error is tried
 * again with exponential backoff and jitter, with the same `webhook-id` (3 attempts within about 30 s by default). It
 * resolves once the receiver answered a 2xx, and rejects with a {@link WebhookDeliveryError} (the last status) when
 * all attempts failed or a 4xx was answered. Loopback, private and link-local endpoints are refused before connecting
 * unless `allowPrivate: true`: on Node.js each attempt resolves the host name when it connects (through `node:http(s)`),
 * checks every address and connects to those addresses, so a DNS-rebinding name is refused too; on Edge, where there
 * is no DNS, only a literal address or `localhost` is checked; a caller's `options.fetch` is checked before, not
 * pinned. Retries live in this process: durable ones need a queue.
 *
 * The implementation is a chunk loaded on the first call.
 */
export const sendWebhook: <P = unknown>(endpoint: string | URL, type: string, payload: WebhookPayload<P>, options: SendWebhookOptions) => Promise<WebhookDelivery> = (...args) =>
  import('./send-webhook').then((chunk) => chunk.send(...args));
