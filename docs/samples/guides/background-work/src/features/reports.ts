import { Controller } from 'next-app-controllers';
// #region scheduled
import { Scheduled, type ScheduledContext } from 'next-app-controllers/jobs';

@Controller('/reports')
export class ReportsController {
  // Every five minutes, read in UTC; its cron route is /api/_cron/cleanup.
  @Scheduled('*/5 * * * *', { name: 'cleanup' })
  async cleanup({ name, scheduledAt, attempt }: ScheduledContext) {
    // scheduledAt: the tick this run is for, not when it started (a late or retried run keeps it)
    console.log(`${name} for ${scheduledAt.toISOString()}, attempt ${attempt}`);
  }

  // At 08:00 in Paris, with 5 attempts; not for Vercel, whose crons run in UTC.
  @Scheduled('0 8 * * *', { name: 'morning-report', timezone: 'Europe/Paris', attempts: 5 })
  async morningReport() {}
}
// #endregion scheduled
