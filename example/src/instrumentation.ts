// Next.js runs register() once when a server starts. With OTEL_EXPORTER_OTLP_ENDPOINT set, traces go to that OTLP/HTTP
// collector; the API's spans are named after its routes (createApplication({ tracing: true }) in src/app.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || !process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  // A process started with scripts/otel-preload.cjs (instrumentation-http) has registered its provider already.
  if ((globalThis as { exampleTracing?: boolean }).exampleTracing) return;
  const { registerTracing } = await import('./lib/tracing');
  registerTracing();
}
