import { apiKey } from 'next-app-controllers';
import { timingSafeEqual } from 'next-app-controllers/proxy';
import { API_KEY } from './middleware';

/**
 * The API key scheme of the authenticated routes (features/reports): the key in `X-API-Key`, checked by the
 * dispatcher before the route runs (401 without it or with a wrong one), declared once for the document. The key is
 * compared in constant time (`timingSafeEqual` runs on Edge too).
 */
export const apiKeyScheme = apiKey({
  name: 'reportKey',
  header: 'X-API-Key',
  description: 'The example key (`example-key`, or EXAMPLE_API_KEY).',
  verify: (key) => (timingSafeEqual(key, API_KEY) ? { id: 'reporting-client', roles: ['reporter'] } : undefined),
});
