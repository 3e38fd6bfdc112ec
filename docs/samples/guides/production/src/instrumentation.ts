// #region instrumentation
// src/instrumentation.ts: Next.js runs register() once when the server starts.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./tracing');
}
// #endregion instrumentation
