/** A webhook verifier: `standardWebhooks(secret)`, `stripeWebhooks(secret)` or `githubWebhooks(secret)` (recorded only; webhooks/verify.ts checks). */
export interface WebhookVerifier {
  /** Whose signature scheme: Standard Webhooks, Stripe or GitHub. */
  provider: 'standard' | 'stripe' | 'github';
  /** The secrets to accept, several while one is rotated out. */
  secrets: readonly string[];
}

/** The options of `@Webhook`. */
export interface WebhookOptions {
  /** How the request is signed: `standardWebhooks(secret | secrets)`, `stripeWebhooks(secret)`, `githubWebhooks(secret)`. */
  verify: WebhookVerifier;
}
