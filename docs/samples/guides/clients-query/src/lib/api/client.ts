import createClient from 'openapi-fetch';
import type { paths } from './schema';

/**
 * A typed client of the API for the browser (client components) and other services, checked against the app's
 * OpenAPI document: `const { data, error } = await api.GET('/api/posts/{id}', { params: { path: { id } } })`.
 * The paths carry the app's basePath (/api/…), so in a browser the origin is the page's own; elsewhere set
 * NEXT_PUBLIC_API_ORIGIN (e.g. https://example.com). Server code uses ./server instead: no HTTP round trip.
 */
export const api = createClient<paths>({ baseUrl: process.env.NEXT_PUBLIC_API_ORIGIN ?? '' });

export type { paths };
