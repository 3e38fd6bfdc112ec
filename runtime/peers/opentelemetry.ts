/**
 * `@opentelemetry/api`, an optional peer, imported where bundlers see it, as class-validator-jsonschema is
 * (./schema-generator.ts): inside `try`, which Turbopack and webpack both take as optional, so an app without it builds
 * (Turbopack leaves an import that throws, webpack an empty module) and where it is installed it is bundled, on the
 * Edge runtime too. Undefined when it is not there. Its state (the registered tracer provider, the context manager)
 * lives on `globalThis`, so a bundled copy reads what the app's instrumentation registered.
 */
export async function importOpenTelemetry(): Promise<typeof import('@opentelemetry/api') | undefined> {
  let module: unknown;
  try {
    module = await import('@opentelemetry/api');
  } catch {
    return undefined;
  }
  const namespace = module as { trace?: unknown; default?: { trace?: unknown } };
  const api = (typeof namespace?.trace === 'object' ? namespace : namespace?.default) as typeof import('@opentelemetry/api') | undefined;
  return typeof api?.trace?.getTracer === 'function' ? api : undefined;
}
