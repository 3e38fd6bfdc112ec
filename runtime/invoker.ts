import type { ValidatorOptions } from 'class-validator';
import { readJsonObject } from './body';
import { assertBodyDepth } from './body-depth';
import type { Handler } from './compose';
import type { ErrorResponder } from './error-handler';
import { clientError } from './http-error';
import type { RouteDefinition } from './route-definitions';
import type { Responder } from './serialize';
import { toValidDto } from './validation';

export interface InvokerOptions {
  /** Largest request body `@Body` reads, in bytes. */
  bodyLimit: number;
  /** Deepest nesting of objects and arrays `@Body` accepts. */
  bodyDepthLimit: number;
  validation: ValidatorOptions;
  /** Answers a failed validation's 422 without throwing it (see `toValidDto`). */
  fail: ErrorResponder;
  /** Turns the method's result into a Response (`toResponse`, or one that serialises class instances first). */
  respond: Responder;
}

/**
 * Calls one route's method: builds its arguments (the context, the validated `@Body` and `@Query` DTOs), then turns its
 * result into a Response through `respond` (`@HttpCode` for values). Body errors (400, 413, 415, too deep) are thrown;
 * a failed validation answers 422, its field errors saying where each value came from (`body`, `query`).
 */
export function invoker(definition: RouteDefinition, instance: object, { bodyLimit, bodyDepthLimit, validation, fail, respond }: InvokerOptions): Handler {
  const method = (instance as Record<string, (...args: unknown[]) => unknown>)[definition.propertyKey];
  const { body, query, httpCode } = definition;
  const arity = Math.max(method.length, body ? body.index + 1 : 0, query ? query.index + 1 : 0, 1);
  if (!body && !query && arity === 1) {
    return async (context) => respond(await method.call(instance, context), httpCode);
  }
  return async (context) => {
    const args: unknown[] = new Array(arity).fill(context);
    if (body) {
      const plain = await readJsonObject(context.request, bodyLimit);
      assertBodyDepth(plain, bodyDepthLimit);
      const dto = await toValidDto(body.dto, plain, validation);
      if (!dto.ok) return fail(clientError(422, 'Validation failed', { errors: dto.errors }), context);
      args[body.index] = dto.value;
    }
    if (query) {
      const dto = await toValidDto(query.dto, queryObject(context.query), validation, 'query');
      if (!dto.ok) return fail(clientError(422, 'Validation failed', { errors: dto.errors }), context);
      args[query.index] = dto.value;
    }
    return respond(await method.apply(instance, args), httpCode);
  };
}

/** The query string as a plain object: one key, one string; a repeated key, an array of its strings. */
function queryObject(search: URLSearchParams): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    plain[key] = values.length === 1 ? values[0] : values;
  }
  return plain;
}
