import { createApplication } from 'next-app-controllers';
import { ArticlesV1Controller, ArticlesV2Controller, HealthController } from '@/features/articles/controller';

const controllers = [ArticlesV2Controller, ArticlesV1Controller, HealthController];

// #region header
// GET /api/articles with `X-API-Version: 2`
export const byHeader = createApplication({ controllers, versioning: { type: 'header', header: 'X-API-Version' } });
// #endregion header

// #region media-type
// GET /api/articles with `Accept: application/json; version=2`
export const byMediaType = createApplication({ controllers, versioning: { type: 'media-type' }, basePath: '/api-media' });
// #endregion media-type

// #region default-version
// A request that names no version is answered as version 1 (GET /api-default/articles is GET /api-default/v1/articles),
// and a route without @Version belongs to version 1.
export const withDefault = createApplication({ controllers, versioning: { type: 'uri', defaultVersion: '1' }, basePath: '/api-default' });
// #endregion default-version

// #region vary
// Answers chosen by a header: a cache in front that may store them must key them by that header too.
byHeader.use(async (_context, next) => {
  const response = await next();
  response.headers.append('vary', 'X-API-Version');
  return response;
});
// #endregion vary

// #region handle
// In a test, with no server:
const response = await byHeader.handle(new Request('http://localhost/api/articles', { headers: { 'x-api-version': '2' } }));
console.log(response.status, response.headers.get('vary')); // 200 X-API-Version (the middleware above)
// #endregion handle
