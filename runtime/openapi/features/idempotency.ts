import type { RouteDefinition } from '../../routing/route-definitions';
import { errorMediaType, errorSchemaRef, type ErrorFormatKind } from './errors';
import type { OperationObject, ResponseObject } from '../types';

/**
 * An `@Idempotent` route's operation: the `Idempotency-Key` header (required with `required: true`), the
 * `Idempotency-Replayed` header of a replayed answer, and the 409 (in flight) and 422 (another payload) it adds.
 */
export function describeIdempotency(operation: Omit<OperationObject, 'operationId'>, route: RouteDefinition, errors: ErrorFormatKind): void {
  const options = route.idempotent;
  if (options === undefined || (route.method !== 'POST' && route.method !== 'PATCH')) return;
  const parameter = {
    name: 'Idempotency-Key',
    in: 'header' as const,
    required: options.required === true,
    description: 'A unique key per operation (a UUID): a retry with the same key and payload is answered with the first answer, without running it again.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  };
  operation.parameters = [...(operation.parameters ?? []), parameter];
  // The general error body (the 422 here has no field errors: not the validation schema).
  const error = (_status: number, description: string): ResponseObject => ({
    description,
    content: { [errorMediaType(errors)]: { schema: errorSchemaRef(errors, 400) } },
  });
  const responses = operation.responses as Record<string, ResponseObject>;
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) >= 200 && Number(status) < 300 && !('$ref' in response)) {
      responses[status] = {
        ...response,
        headers: { ...response.headers, 'Idempotency-Replayed': { description: '`true` on an answer replayed from an earlier request with the same Idempotency-Key.', schema: { type: 'string', const: 'true' } } },
      };
    }
  }
  if (options.required === true) responses['400'] ??= error(400, 'Bad Request: the Idempotency-Key header is missing or malformed');
  responses['409'] ??= error(409, 'Conflict: a request with this Idempotency-Key is still being processed');
  const reused = 'this Idempotency-Key was used with another payload';
  const validation = responses['422'];
  if (validation === undefined) responses['422'] = error(422, `Unprocessable Content: ${reused}`);
  else if (!('$ref' in validation)) responses['422'] = { ...validation, description: `${validation.description}; or ${reused}` };
  else {
    // The shared validation 422: either body, the field errors' or the reused key's.
    const schema = { oneOf: [errorSchemaRef(errors, 422), errorSchemaRef(errors, 400)] };
    responses['422'] = { description: `Unprocessable Content: the input failed validation, or ${reused}`, content: { [errorMediaType(errors)]: { schema } } };
  }
  const sorted = Object.keys(responses).sort((a, b) => Number(a) - Number(b));
  operation.responses = Object.fromEntries(sorted.map((status) => [status, responses[status]]));
}
