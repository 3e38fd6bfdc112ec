import type { Verification } from './verify';

/**
 * Authentications verified before the request reached the dispatcher, keyed by the very Request object: the MCP
 * handler checks a tool call's bearer token at the HTTP level and hands the verification to the tool's route in this
 * process (./enforce.ts takes it when the route accepts that scheme). Nothing a client sends can put an entry here.
 * On `globalThis` under a registered symbol, so the handler and the dispatcher share it whichever copy of the library
 * (ESM, CJS) each loaded.
 */
const holder = globalThis as unknown as Record<symbol, WeakMap<Request, Verification> | undefined>;
export const handed: WeakMap<Request, Verification> = (holder[Symbol.for('next-app-controllers.handed')] ??= new WeakMap());
