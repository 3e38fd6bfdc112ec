import type { RouteDefinition } from '../../routing/route-definitions';
import { errorMediaType, errorSchemaRef, type ErrorFormatKind } from './errors';
import type { OperationObject, ResponseObject } from '../types';

const PROVIDERS = {
  standard: {
    name: 'standard-webhooks',
    headers: [
      ['webhook-id', 'The delivery id: a repeat within 5 minutes is answered as the first was.'],
      ['webhook-timestamp', 'Seconds since the epoch; refused beyond 5 minutes of the server clock.'],
      ['webhook-signature', '`v1,<base64>` HMAC-SHA256 of `id.timestamp.body` (Standard Webhooks), several separated by spaces.'],
    ],
  },
  stripe: { name: 'stripe', headers: [['Stripe-Signature', "`t=<seconds>,v1=<hex>`: Stripe's HMAC-SHA256 of `t.body`, within 5 minutes."]] },
  github: {
    name: 'github',
    headers: [
      ['X-Hub-Signature-256', '`sha256=<hex>`: HMAC-SHA256 of the body.'],
      ['X-GitHub-Delivery', 'The delivery id: a repeat within 5 minutes is answered as the first was.'],
    ],
  },
} as const;

/**
 * A `@Webhook` route's operation: `x-webhook: { provider }`, its signature headers (required), the `Webhook-Replayed`
 * header of a repeated delivery's answer and the 401.
 */
export function describeWebhook(operation: Omit<OperationObject, 'operationId'>, route: RouteDefinition, errors: ErrorFormatKind): void {
  const provider = route.webhook && PROVIDERS[route.webhook.verify.provider];
  if (provider === undefined) return;
  (operation as Record<string, unknown>)['x-webhook'] = { provider: provider.name };
  const headers = provider.headers.map(([name, description]) => ({ name, in: 'header' as const, required: true, description, schema: { type: 'string' } }));
  operation.parameters = [...(operation.parameters ?? []), ...headers];
  const responses = operation.responses as Record<string, ResponseObject>;
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) >= 200 && Number(status) < 300 && !('$ref' in response)) {
      const replayed = { description: '`true` on the answer to a repeated delivery id: the first delivery\'s answer, without running the handler again.', schema: { type: 'string', const: 'true' } };
      responses[status] = { ...response, headers: { ...response.headers, 'Webhook-Replayed': replayed } };
    }
  }
  responses['401'] ??= {
    description: "Unauthorized: the webhook's signature is missing, does not match its body, or is outside the 5-minute tolerance",
    content: { [errorMediaType(errors)]: { schema: errorSchemaRef(errors, 400) } },
  };
  const sorted = Object.keys(responses).sort((a, b) => Number(a) - Number(b));
  operation.responses = Object.fromEntries(sorted.map((status) => [status, responses[status]]));
}
