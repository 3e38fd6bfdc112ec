import type { WebhookVerifier } from '../metadata/webhooks';

/** Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): secrets as `whsec_<base64>`, several while rotating. */
export const standardWebhooks = (secret: string | readonly string[]): WebhookVerifier => ({ provider: 'standard', secrets: [secret].flat() });
/** Stripe's `Stripe-Signature` (`t=…,v1=…`), with the endpoint's signing secret (`whsec_…`). */
export const stripeWebhooks = (secret: string | readonly string[]): WebhookVerifier => ({ provider: 'stripe', secrets: [secret].flat() });
/** GitHub's `X-Hub-Signature-256` (`sha256=<hex>`), with the webhook's secret; `X-GitHub-Delivery` is its id. */
export const githubWebhooks = (secret: string | readonly string[]): WebhookVerifier => ({ provider: 'github', secrets: [secret].flat() });
