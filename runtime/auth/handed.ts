import type { Verification } from './verify';

/**
 * Authentications verified before the request reached the dispatcher, keyed by the very Request object: the MCP
 * handler checks a tool call's bearer token at the HTTP level and hands the verification to the tool's route in this
 * process (./enforce.ts takes it when the route accepts that scheme). Nothing a client sends can put an entry here.
 */
export const handed = new WeakMap<Request, Verification>();
