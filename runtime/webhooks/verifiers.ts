import type { WebhookVerifier } from './options';

const verifier =
  (provider: WebhookVerifier['provider']) =>
  (secret: string | readonly string[]): WebhookVerifier => ({ provider, secrets: [secret].flat() });

/** Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): secrets as `whsec_<base64>`, several while rotating. */
export const standardWebhooks = verifier('standard');
/** Stripe's `Stripe-Signature` (`t=…,v1=…`), with the endpoint's signing secret (`whsec_…`). */
export const stripeWebhooks = verifier('stripe');
/** GitHub's `X-Hub-Signature-256` (`sha256=<hex>`), with the webhook's secret; `X-GitHub-Delivery` is its id. */
export const githubWebhooks = verifier('github');
