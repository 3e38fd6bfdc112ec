// #region failed
import { failedJobs, retryJob } from 'next-app-controllers/jobs';
import { app } from '@/app';

/** Each failed job: its id, kind, name, reason, attempts, failedAt, and for a webhook its webhook-id, endpoint and last status. */
export async function retryFailedWebhooks() {
  for (const job of await failedJobs(app)) {
    console.log(job.id, job.name, job.reason, job.webhook?.lastStatus);
    if (job.kind === 'webhook') await retryJob(app, job.id); // sent again, its attempts counted afresh
  }
}
// #endregion failed
