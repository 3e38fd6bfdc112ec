import { apiKey } from 'next-app-controllers';
import { API_KEY } from './middleware';

const encoder = new TextEncoder();

/** Whether two strings are equal, in a time that does not tell how much of them matches (Edge has no node:crypto). */
function sameKey(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ b[i];
  return difference === 0;
}

/**
 * The API key scheme of the authenticated routes (features/reports): the key in `X-API-Key`, checked by the
 * dispatcher before the route runs (401 without it or with a wrong one), declared once for the document.
 */
export const apiKeyScheme = apiKey({
  name: 'reportKey',
  header: 'X-API-Key',
  description: 'The example key (`example-key`, or EXAMPLE_API_KEY).',
  verify: (key) => (sameKey(key, API_KEY) ? { id: 'reporting-client', roles: ['reporter'] } : undefined),
});
