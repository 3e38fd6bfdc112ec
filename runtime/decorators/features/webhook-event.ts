import type { StandardSchemaV1 } from '../../core/standard-schema';
import type { Class } from '../../types';
import { classRecord } from '../../metadata/records';

/**
 * An event the controller sends with `sendWebhook`: `type` (e.g. `'order.created'`) and its payload, a DTO class or a
 * Standard Schema. The document lists it under its top-level `webhooks` (a POST of the Standard Webhooks envelope
 * `{ type, timestamp, data }`, signed), in every document that holds one of the controller's routes. Several may
 * decorate one controller. Recorded only: openapi/document/webhook-events.ts reads it.
 */
export const WebhookEvent = (type: string, payload: Class | StandardSchemaV1): ClassDecorator => (target) => void (classRecord(target).events ??= []).push([type, payload]);
