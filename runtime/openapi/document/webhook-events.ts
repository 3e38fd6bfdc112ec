import { findClassRecord } from '../../metadata/records';
import type { SchemaUse } from '../../schema/components';
import { isStandardSchema } from '../../core/standard-schema';
import type { Class } from '../../types';
import type { DocumentedOperation } from './document';
import { documentedName } from '../schemas/names';
import { SCHEMA_REF_PREFIX } from '../schemas/schemas';
import type { PathItemObject, SchemaObject } from '../types';

const SIGNATURE_HEADERS = [
  ['webhook-id', 'The delivery id, the same on every retry of one event: de-duplicate on it.'],
  ['webhook-timestamp', 'Seconds since the epoch when the attempt was signed: refuse one far from your clock (Standard Webhooks: 5 minutes).'],
  ['webhook-signature', '`v1,<base64>`: HMAC-SHA256 of `id.timestamp.body` with the endpoint secret (`whsec_<base64>`), per Standard Webhooks.'],
] as const;

/**
 * The document's top-level `webhooks`: the `@WebhookEvent`s of the controllers whose routes the document holds (so a
 * per-version document lists the events of the controllers it documents), by type. Each is the POST `sendWebhook`
 * makes: the Standard Webhooks envelope `{ type, timestamp, data }` with the payload as `data`, the signature headers,
 * and the 2xx the receiver answers. DTO payloads join `dtos`, schema payloads `placeholders` (filled later).
 */
export function describeWebhookEvents(operations: readonly DocumentedOperation[], dtos: Set<Class>, placeholders: Map<SchemaObject, SchemaUse>): Record<string, PathItemObject> | undefined {
  const events = new Map<string, [payload: unknown, controller: Function]>();
  for (const controller of new Set(operations.map((entry) => entry.route.controller))) {
    for (const [type, payload] of findClassRecord(controller)?.events ?? []) {
      const where = `@WebhookEvent on ${controller.name}`;
      if (typeof type !== 'string' || type === '') throw new TypeError(`generateOpenApiDocument: ${where} needs an event type, e.g. @WebhookEvent('order.created', OrderCreatedDto).`);
      if (typeof payload !== 'function' && !isStandardSchema(payload)) {
        throw new TypeError(`generateOpenApiDocument: ${where} ('${type}') takes a DTO class or a Standard Schema as its payload.`);
      }
      const seen = events.get(type);
      if (seen && seen[0] !== payload) throw new Error(`generateOpenApiDocument: the event '${type}' is declared by ${seen[1].name} and ${controller.name} with different payloads.`);
      events.set(type, [payload, controller]);
    }
  }
  if (events.size === 0) return undefined;
  const webhooks: Record<string, PathItemObject> = {};
  for (const type of [...events.keys()].sort()) {
    const [payload, controller] = events.get(type)!;
    let data: SchemaObject;
    if (isStandardSchema(payload)) {
      data = {};
      placeholders.set(data, { schema: payload, side: 'output', where: `the payload schema of @WebhookEvent('${type}') on ${controller.name}`, context: `${controller.name}_${type.replace(/\W/g, '_')}` });
    } else {
      dtos.add(payload as Class);
      data = { $ref: `${SCHEMA_REF_PREFIX}${documentedName(payload as Class, 'DTO class')}` };
    }
    const tags = findClassRecord(controller)?.tags ?? [];
    webhooks[type] = {
      post: {
        operationId: `webhook_${type.replace(/[^\w.-]/g, '_')}`,
        ...(tags.length > 0 ? { tags: [...tags] } : {}),
        summary: `The ${type} event`,
        description: `Sent by the API to a subscriber's endpoint, signed per Standard Webhooks. A 2xx acknowledges it; a 5xx, 408, 429 or no answer is retried with the same webhook-id.`,
        parameters: SIGNATURE_HEADERS.map(([name, description]) => ({ name, in: 'header' as const, required: true, description, schema: { type: 'string' } })),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['type', 'timestamp', 'data'],
                properties: { type: { type: 'string', const: type }, timestamp: { type: 'string', format: 'date-time' }, data },
              },
            },
          },
        },
        responses: { '200': { description: 'Received (any 2xx acknowledges the event)' } },
        // Authenticated by the signature headers, not a security scheme of the document.
        security: [],
      },
    };
  }
  return webhooks;
}
