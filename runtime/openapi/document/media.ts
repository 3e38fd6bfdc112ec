import type { RouteDefinition } from '../../routing/route-definitions';
import type { MediaTypeObject, SchemaObject } from '../types';

// Media types whose bodies are text; every other (application/pdf, image/png, application/octet-stream…) is binary.
const TEXT_TYPE = /^(text\/|application\/(json|xml|javascript|yaml|x-www-form-urlencoded)\b)|[+/](json|xml|yaml)\b/i;
const JSON_TYPE = /^application\/json\b|\+json\b/i;

/**
 * The content of a route's success response, `schema` being the `@ApiResponse` type (or its array):
 * - `@Sse()`: `text/event-stream`. OpenAPI 3.1 has no way to describe the items of a stream; 3.2 adds `itemSchema`.
 *   We write the 3.2 shape under the extension `x-itemSchema` (3.1 allows only `x-` names besides its fields), so the
 *   document stays a valid 3.1 one and a tool that knows 3.2 finds it by name: each event an object whose `data` is a
 *   JSON string (`contentMediaType`) of `schema` (`contentSchema`), with `event`, `id` and `retry`.
 * - `@Produces(mediaType)`: that media type, with `schema` for a JSON one, else a string (`format: binary` for binary
 *   types).
 * - otherwise JSON, when there is a schema.
 */
export function successContent(route: RouteDefinition, schema: SchemaObject | undefined): Record<string, MediaTypeObject> | undefined {
  if (route.sse) {
    const data: SchemaObject = { type: 'string', contentMediaType: 'application/json' };
    if (schema) data.contentSchema = schema;
    const itemSchema: SchemaObject = {
      type: 'object',
      required: ['data'],
      properties: { data, event: { type: 'string' }, id: { type: 'string' }, retry: { type: 'integer', minimum: 0 } },
    };
    return { 'text/event-stream': { schema: { type: 'string' }, 'x-itemSchema': itemSchema } };
  }
  const { produces } = route;
  if (produces !== undefined) {
    if (schema && JSON_TYPE.test(produces)) return { [produces]: { schema } };
    return { [produces]: { schema: TEXT_TYPE.test(produces) ? { type: 'string' } : { type: 'string', format: 'binary' } } };
  }
  return schema ? { 'application/json': { schema } } : undefined;
}
