import { standardSecretBytes } from '../webhooks/hmac';
import { isPrivateHost } from '../webhooks/send-address';
import type { SendWebhookOptions } from '../webhooks/send-options';
import { checked, webhookAttempt, webhookBody } from '../webhooks/send-webhook';
import { FinalJobError, type JobQueue, type RetryOptions, type WebhookJobData } from './queue';
import { rememberSecret, resolveSecret, type WebhookSecrets } from './secrets';

/** A durable delivery's retries: 8 attempts, the first wait 5 s, doubled each time with jitter (about 10 minutes in all). */
const DURABLE_RETRIES = 7;
const DURABLE_BACKOFF = 5_000;

/**
 * A durable delivery's job: the options checked as `sendWebhook` checks them, the body made once, the secret's
 * fingerprint in place of the secret. A literal private endpoint is refused here; a name is resolved and checked by
 * each attempt's connection (no DNS lookup while the request waits).
 */
export function webhookJob(endpoint: string | URL, type: string, payload: unknown, options: SendWebhookOptions): { data: WebhookJobData; retry: RetryOptions } {
  if (options.fetch !== undefined) throw new TypeError('sendWebhook: a durable delivery sends with node:http(s); options.fetch cannot be stored in a job.');
  const settings = checked(endpoint, type, { ...options, retries: options.retries ?? DURABLE_RETRIES, backoff: options.backoff ?? DURABLE_BACKOFF });
  const { url, id } = settings;
  if (!options.allowPrivate && isPrivateHost(url.hostname)) {
    throw Object.assign(new Error(`sendWebhook: refused ${url.origin}: it is a loopback, private or link-local address. Pass allowPrivate: true to send to it.`), { name: 'WebhookDeliveryError', id, attempts: 0 });
  }
  const data: WebhookJobData = { kind: 'webhook', endpoint: url.href, type, body: webhookBody(type, payload), id, secretRef: rememberSecret(options.secret), timeout: settings.timeout };
  if (options.allowPrivate) data.allowPrivate = true;
  return { data, retry: { attempts: settings.retries + 1, backoff: settings.backoff } };
}

/** One attempt of a durable delivery: resolves when a 2xx answered; throws to retry, or a FinalJobError. */
export async function deliverWebhook(data: WebhookJobData, queue: JobQueue & { webhookSecrets?: WebhookSecrets }): Promise<void> {
  const secret = await resolveSecret(data.secretRef, queue.webhookSecrets);
  if (secret === undefined) {
    throw new Error(`sendWebhook: the secret of delivery ${data.id} (${data.secretRef}) is not known to this process: give the queue its webhookSecrets.`);
  }
  const url = new URL(data.endpoint);
  const outcome = await webhookAttempt(url, data.id, data.body, standardSecretBytes(secret)!, { allowPrivate: data.allowPrivate })(data.timeout);
  if (outcome.delivered) return;
  const message = `sendWebhook: ${data.type} to ${url.origin} (${data.id}): the attempt ${outcome.reason}.`;
  if (outcome.refused) throw new FinalJobError(outcome.refused.message);
  if (outcome.final) throw new FinalJobError(message, outcome.status);
  throw Object.assign(new Error(message), { status: outcome.status });
}
