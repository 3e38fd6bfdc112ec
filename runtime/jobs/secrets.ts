import { nodeCrypto } from '../idempotency/idempotency';

/**
 * Webhook secrets are never stored in a job: the job holds a fingerprint (a truncated SHA-256 of a label and the
 * secret, which does not reveal it), and the process that delivers finds the secret with that fingerprint among the
 * ones it knows: those its own durable `sendWebhook` calls were given, and the queue's `webhookSecrets`. Held on
 * `globalThis`, so that Next.js's route bundles and instrumentation (each its own copy of the library) share them.
 */
const KNOWN = Symbol.for('next-app-controllers.webhook-secrets');

function known(): Map<string, string> {
  const holder = globalThis as unknown as Record<symbol, Map<string, string> | undefined>;
  return (holder[KNOWN] ??= new Map());
}

export function secretRef(secret: string): string {
  if (!nodeCrypto) throw new Error('sendWebhook: durable deliveries run on Node.js (node:crypto), not on the Edge runtime.');
  return `sha256:${nodeCrypto.createHash('sha256').update(`next-app-controllers webhook secret\0${secret}`).digest('hex').slice(0, 32)}`;
}

/** Remembers `secret` in this process and gives its fingerprint. */
export function rememberSecret(secret: string): string {
  const ref = secretRef(secret);
  known().set(ref, secret);
  return ref;
}

/** The secret of fingerprint `ref`: a remembered one, else one of `more` (the queue's `webhookSecrets`). */
export async function resolveSecret(ref: string, more?: WebhookSecrets): Promise<string | undefined> {
  const remembered = known().get(ref);
  if (remembered !== undefined) return remembered;
  const candidates = typeof more === 'function' ? await more() : more;
  for (const candidate of candidates ?? []) {
    if (typeof candidate === 'string' && candidate !== '' && rememberSecret(candidate) === ref) return candidate;
  }
  return undefined;
}

/**
 * The secrets a queue's worker may sign durable deliveries with (`whsec_…`), or a function giving them: a worker that
 * did not send the delivery itself (another instance, or this one after a restart) finds the secret here.
 */
export type WebhookSecrets = readonly (string | undefined)[] | (() => readonly (string | undefined)[] | Promise<readonly (string | undefined)[]>);
