// #region instrumentation
// src/instrumentation.ts: `init` writes it to start the app's background work; Next.js runs register() once when the
// server starts (also for the Edge runtime, hence the check).
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // The tracer provider first, so that it is registered before the app's modules load.
    await import('./tracing');
    const [{ app }, { startJobs }] = await Promise.all([import('./app'), import('next-app-controllers/jobs')]);
    await startJobs(app);
  }
}
// #endregion instrumentation
