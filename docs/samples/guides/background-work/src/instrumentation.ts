// #region instrumentation
// src/instrumentation.ts, as `next-app-controllers init` writes it: Next.js runs register() when the server starts.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const [{ app }, { startJobs }] = await Promise.all([import('@/app'), import('next-app-controllers/jobs')]);
    await startJobs(app);
  }
}
// #endregion instrumentation
