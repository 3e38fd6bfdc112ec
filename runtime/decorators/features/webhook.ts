import type { WebhookOptions } from '../../metadata/webhooks';
import { onMethod } from '../legacy';

/**
 * An incoming webhook on a POST route: the raw body is verified against the signature first (a bad or stale one is a
 * 401 and the handler never runs), then `@Body` validates it; a delivery seen before is answered as the first was; no
 * CSRF check. Checked when the dispatcher is built (runtime/webhooks/verify.ts).
 */
export const Webhook = (options: WebhookOptions) => onMethod('Webhook', (record) => (record.webhook = options));
