/**
 * jose, an optional peer (`bearer({ jwt })` needs it), imported where bundlers see it, as `@opentelemetry/api` is
 * (./opentelemetry.ts): inside `try`, which Turbopack and webpack take as optional, so an app without it builds and
 * one with it gets it bundled (the Edge runtime too: jose uses only Web Crypto). Undefined when it is not there.
 */
export async function importJose(): Promise<typeof import('jose') | undefined> {
  let module: unknown;
  try {
    module = await import('jose');
  } catch {
    return undefined;
  }
  const namespace = module as { jwtVerify?: unknown; default?: { jwtVerify?: unknown } };
  const jose = (typeof namespace?.jwtVerify === 'function' ? namespace : namespace?.default) as typeof import('jose') | undefined;
  return typeof jose?.jwtVerify === 'function' ? jose : undefined;
}
