import type { RouteDefinition } from '../routing/route-definitions';
import { FileInJsonBody, formToJson, isFrameworkField, objectToForm } from './form-input';
import type { ActionApplication, ActionCallOptions } from './types';

/** A client's mistake found before the request is made (a missing path parameter, a file for a JSON body). */
export class ActionInputError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// The request a test hands an action (next-app-controllers/testing's runAction): an AsyncLocalStorage the testing
// entry registers under this symbol, so that this entry imports no node: module.
const TEST_SCOPE = Symbol.for('next-app-controllers.actionScope');
// Headers of the incoming action's own message, or of the connection: the request made here has its own.
const LEFT_OUT = new Set(['host', 'origin', 'content-type', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer']);
const IDEMPOTENCY_FIELD = 'idempotency-key';

let nextHeaders: Promise<typeof import('next/headers')> | undefined;

/** The request an action runs in, as far as the route's request needs it: its headers, and a test request's URL. */
interface Incoming {
  headers: Headers;
  /** A test's request (runAction): its host and protocol, which a Request's headers do not carry. */
  url?: string;
}

/**
 * The request the action runs in: a test's (`runAction`), else Next's (`next/headers`, imported on the first call).
 * Outside a request scope, an error that says what to do.
 */
async function incoming(name: string): Promise<Incoming> {
  const test = (globalThis as { [TEST_SCOPE]?: { getStore(): Request | undefined } })[TEST_SCOPE]?.getStore();
  if (test !== undefined) return { headers: test.headers, url: test.url };
  let module: typeof import('next/headers');
  try {
    module = await (nextHeaders ??= import('next/headers'));
  } catch (error) {
    nextHeaders = undefined;
    throw new Error(`The action ${name} reads the request through next/headers, which could not be imported: run it in a Next.js app (next is installed?).`, { cause: error });
  }
  try {
    return { headers: await module.headers() };
  } catch (error) {
    throw new Error(
      `The action ${name} was called outside a request scope: Next.js gives a Server Action the request's headers and cookies only while it answers one. In a test, run it inside runAction(request, () => ${name.split('.')[1]}(…)) from next-app-controllers/testing.`,
      { cause: error },
    );
  }
}

/** What one call of an action gives: an object (with its options), or a form's FormData. */
export type ActionCall = { input: unknown; options?: ActionCallOptions } | { form: FormData };

/**
 * Makes the request the route answers for one call: the route's method and path (its `:name` segments filled from
 * `params`, else from the input's fields of those names), at the host the action was called on, with the incoming
 * headers and cookies, `Origin` the app's own (Next.js checked the action's origin already; `Sec-Fetch-Site` stays as
 * the browser sent it), the input as the route reads it (JSON for `@Body`, a form for `@Form`, the query otherwise).
 */
export async function actionRequest(app: ActionApplication, definition: RouteDefinition, name: string, call: ActionCall): Promise<Request> {
  const from = await incoming(name);
  // A plain record: the Request checks each header once (a Headers here, then the Request's copy, checked twice).
  const headers: Record<string, string> = {};
  for (const [key, value] of from.headers) if (!LEFT_OUT.has(key)) headers[key] = value;
  const url = from.url === undefined ? undefined : new URL(from.url);
  const host = first(headers['x-forwarded-host']) ?? from.headers.get('host') ?? url?.host ?? 'localhost';
  const protocol = first(headers['x-forwarded-proto']) ?? url?.protocol.slice(0, -1) ?? 'http';
  const origin = `${protocol}://${host}`;
  headers.origin = origin;
  headers.accept = 'application/json';

  const names = definition.segments.flatMap((segment) => (segment.kind === 'param' ? [segment.name] : []));
  const skip = new Set(names);
  const params: Record<string, string> = {};
  let idempotencyKey: string | undefined;
  let body: BodyInit | undefined;
  let rest: Record<string, unknown> | undefined;
  if ('form' in call) {
    const form = call.form;
    skip.add(IDEMPOTENCY_FIELD);
    for (const param of names) {
      const value = form.get(param);
      if (typeof value === 'string') params[param] = value;
    }
    const key = form.get(IDEMPOTENCY_FIELD);
    if (typeof key === 'string') idempotencyKey = key;
    if (definition.form) {
      const sent = new FormData();
      for (const [field, value] of form) if (!skip.has(field) && !isFrameworkField(field)) sent.append(field, value);
      body = sent;
    } else {
      try {
        rest = formToJson(form, skip);
      } catch (error) {
        if (error instanceof FileInJsonBody) throw new ActionInputError(415, `The field ${error.message} is a file: a route takes files with @Form, not @Body`);
        throw error;
      }
    }
  } else {
    const input = (call.input ?? {}) as Record<string, unknown>;
    if (typeof input !== 'object' || Array.isArray(input)) throw new ActionInputError(400, `The action ${name} takes an object (or a form's FormData), got ${Array.isArray(input) ? 'an array' : typeof input}`);
    for (const param of names) {
      const value = call.options?.params?.[param] ?? input[param];
      if (value !== undefined && value !== null) params[param] = String(value);
    }
    idempotencyKey = call.options?.idempotencyKey;
    if (definition.form) body = objectToForm(input, skip);
    else {
      rest = {};
      for (const key of Object.keys(input)) if (!skip.has(key)) rest[key] = input[key];
    }
  }
  const missing = names.filter((param) => params[param] === undefined);
  if (missing.length > 0) {
    throw new ActionInputError(400, `The action ${name} needs the path parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: a field of that name, or { params: { ${missing[0]}: … } }`);
  }
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;

  let path = definition.segments.map((segment) => `/${segment.kind === 'param' ? encodeURIComponent(params[segment.name]) : encodeURIComponent(segment.value)}`).join('') || '/';
  path = versioned(app, definition, path, headers);
  let search = '';
  if (rest !== undefined) {
    if (definition.body) {
      body = JSON.stringify(rest);
      headers['content-type'] = 'application/json';
    } else if (definition.query) {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(rest)) for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null) query.append(key, String(item));
      search = query.size > 0 ? `?${query}` : '';
    }
  }
  const method = definition.method === 'ALL' ? 'POST' : definition.method;
  return new Request(`${origin}${path}${search}`, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body });
}

function first(value: string | undefined): string | undefined {
  return value?.split(',', 1)[0].trim() || undefined;
}

/** A route of a versioned application, at one of its versions: in its path, its header or its `Accept`. */
function versioned(app: ActionApplication, definition: RouteDefinition, path: string, headers: Record<string, string>): string {
  const versioning = app.versioning;
  const { version } = definition;
  const named = typeof version === 'string' ? version : Array.isArray(version) ? (version as string[])[0] : versioning?.defaultVersion;
  if (!versioning || named === undefined || typeof version === 'symbol') return path;
  if (versioning.type === 'header') headers[versioning.header!.toLowerCase()] = named;
  else if (versioning.type === 'media-type') headers.accept = `application/json; ${versioning.key ?? 'version'}=${named}`;
  else {
    const base = app.basePath === '/' ? '' : app.basePath;
    return `${base}/${versioning.prefix ?? 'v'}${named}${path.slice(base.length)}`;
  }
  return path;
}
