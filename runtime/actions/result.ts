import type { ActionSlot } from '../dispatch/action-hook';
import type { FieldError } from '../errors/http-error';
import type { ActionFailure, ActionResult } from './types';

// HttpError's brand (errors/http-error.ts), read here without importing it: the actions entry shares no module with
// the library's.
const HTTP_ERROR = Symbol.for('next-app-controllers.HttpError');

interface HttpErrorLike {
  status: number;
  message: string;
  errors?: FieldError[];
}

/**
 * The action's result from the route's Response and what the dispatcher put in the slot: Next's navigation error thrown
 * on untouched; a success's body parsed as a client would (JSON, text, else bytes; nothing is `null`); an error answer
 * as an {@link ActionFailure} from the raw error (its message and field errors), whatever `formatError` sent.
 */
export async function actionResult(response: Response, slot: ActionSlot): Promise<ActionResult<unknown>> {
  if (slot.navigation !== undefined) throw slot.navigation;
  if (response.status < 400) return { ok: true, data: await dataOf(response) };
  const error = slot.error;
  const requestId = slot.requestId ?? response.headers.get('x-request-id') ?? '';
  if (isHttpError(error)) {
    await response.body?.cancel();
    return failure(response.status, error.message, requestId, error.errors);
  }
  // A throw that was not an HttpError is a 500 whose message says nothing of it (onError has it); an error Response a
  // handler returned says its own.
  const body = error === undefined ? await bodyOf(response) : (await response.body?.cancel(), undefined);
  const message = textOf(body?.message) ?? textOf(body?.detail) ?? textOf(body?.title) ?? (response.status >= 500 ? 'Internal Server Error' : `The route answered ${response.status}`);
  return failure(response.status, message, requestId, Array.isArray(body?.errors) ? (body.errors as FieldError[]) : undefined);
}

/** A failure from an error's status, message and field errors; the messages of no field in `formErrors`. */
export function failure(status: number, message: string, requestId: string, errors?: readonly FieldError[]): ActionFailure {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const { field, message: text } of errors ?? []) {
    if (typeof text !== 'string') continue;
    if (typeof field === 'string' && field !== '') (fieldErrors[field] ??= []).push(text);
    else formErrors.push(text);
  }
  if (errors === undefined || errors.length === 0) formErrors.push(message);
  return { ok: false, status, message, requestId, fieldErrors, formErrors };
}

function isHttpError(error: unknown): error is HttpErrorLike {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[HTTP_ERROR] === true;
}

async function dataOf(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (/[/+]json\b/i.test(type)) {
    const text = await response.text();
    return text === '' ? null : JSON.parse(text);
  }
  if (response.body === null) return null;
  if (type === '' || /^text\//i.test(type)) {
    const text = await response.text();
    return text === '' && type === '' ? null : text;
  }
  return new Uint8Array(await response.arrayBuffer());
}

async function bodyOf(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const value: unknown = JSON.parse(await response.text());
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
