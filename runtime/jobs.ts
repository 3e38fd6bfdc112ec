import type { Application } from './application';
import { sendWebhook as sendNow } from './webhooks/send';
import type { SendWebhookOptions, WebhookDelivery, WebhookPayload } from './webhooks/send-options';
import { jobsOf } from './jobs/runtime';
import { webhookJob } from './jobs/webhook-job';

export { memoryQueue } from './jobs/memory-queue';
export type { MemoryQueueOptions } from './jobs/memory-queue';
export { bullmqQueue } from './jobs/bullmq-queue';
export type { BullmqQueueOptions } from './jobs/bullmq-queue';
export { Scheduled } from './jobs/scheduled';
export type { ScheduledContext } from './jobs/scheduled';
export type { ScheduledOptions } from './metadata/scheduled';
export { failedJobs, listSchedules, retryJob, startJobs, stopJobs } from './jobs/start';
export type { ScheduleEntry, StartJobsOptions } from './jobs/start';
export type { FailedJob, JobQueue } from './jobs/queue';
export type { WebhookSecrets } from './jobs/secrets';

/** `sendWebhook`'s options with `durable: true`: the delivery goes through the application's queue. */
export interface DurableWebhookOptions extends Omit<SendWebhookOptions, 'fetch' | 'budget'> {
  durable: true;
  /** The application whose queue holds the delivery (`createApplication({ queue })`). */
  app: Application;
}

/**
 * `sendWebhook` (next-app-controllers's), and with `{ durable: true, app }` a delivery through the application's queue:
 * it resolves with the delivery's `webhook-id` as soon as the job is in the queue. Every attempt sends the same body
 * under that `webhook-id`, signed afresh with the current timestamp, with the same SSRF rules, timeout, `User-Agent`
 * and retry rules (a 5xx, 408, 429 or network error is retried with exponential backoff and jitter, 8 attempts by
 * default; another 4xx is final). A delivery that fails for good is a failed job (`failedJobs(app)`) with its last
 * status. The job stores a fingerprint of the secret, never the secret (see `bullmqQueue`'s `webhookSecrets`). With
 * `bullmqQueue`, the delivery survives a restart or a crash: any instance's worker delivers it.
 */
export function sendWebhook<P = unknown>(endpoint: string | URL, type: string, payload: WebhookPayload<P>, options: DurableWebhookOptions): Promise<string>;
export function sendWebhook<P = unknown>(endpoint: string | URL, type: string, payload: WebhookPayload<P>, options: SendWebhookOptions): Promise<WebhookDelivery>;
export async function sendWebhook(endpoint: string | URL, type: string, payload: unknown, options: SendWebhookOptions | DurableWebhookOptions): Promise<WebhookDelivery | string> {
  if (!(options as DurableWebhookOptions)?.durable) return sendNow(endpoint, type, payload, options as SendWebhookOptions);
  const { app } = options as DurableWebhookOptions;
  if (typeof app !== 'object' || app === null || typeof app.handle !== 'function') {
    throw new TypeError('sendWebhook: durable: true needs options.app, the application whose queue holds the delivery (createApplication({ controllers, queue })).');
  }
  const { data, retry } = webhookJob(endpoint, type, payload, options as SendWebhookOptions);
  const jobs = await jobsOf(app);
  await jobs.queue.add(data, retry);
  return data.id;
}
