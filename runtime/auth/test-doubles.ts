import type { AuthScheme } from '../metadata/auth-schemes';

/**
 * What `testAuth` (the `next-app-controllers/testing` entry) registers for a scheme: the ephemeral key its JWTs are
 * signed with, or the stub credentials of an `apiKey`/`session` scheme and their principals. Kept on `globalThis` under
 * a registered symbol, so the entry and the dispatcher share it whichever copy of the library each loaded (ESM, CJS).
 * Never read when NODE_ENV is `production`.
 */
export interface TestDouble {
  key?: CryptoKey | Uint8Array;
  kid?: string;
  principals: Map<string, unknown>;
}

const REGISTRY = Symbol.for('next-app-controllers.testAuth');

export function testDoubles(create?: boolean): WeakMap<AuthScheme, TestDouble> | undefined {
  if ((globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.NODE_ENV === 'production') return undefined;
  const holder = globalThis as unknown as Record<symbol, WeakMap<AuthScheme, TestDouble> | undefined>;
  if (create) holder[REGISTRY] ??= new WeakMap();
  return holder[REGISTRY];
}
