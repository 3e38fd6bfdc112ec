import { lazy } from './core/lazy';
import type { OpenApiDocument, OpenApiOptions } from './openapi/types';
import type { ScalarHandler, ScalarOptions } from './scalar/options';
import { assertSwaggerUiOptions, type SwaggerUiHandler, type SwaggerUiOptions } from './swagger-ui/options';

// The documentation code is loaded on first use (Rollup splits it into chunks of its own): an application that
// only dispatches never parses it, and the main entry stays small.

/** The OpenAPI 3.1 (or, with `openapi: '3.2'`, 3.2) document of the routes of every application created in this process. See runtime/openapi. */
export async function generateOpenApiDocument(options: OpenApiOptions): Promise<OpenApiDocument> {
  const openapi = await import('./openapi/index');
  return openapi.generateOpenApiDocument(options);
}

/** A route handler whose code is a chunk loaded on its first call (the docs pages, the MCP endpoint). */
export function lazyHandler<A extends unknown[]>(load: () => Promise<(...args: A) => Promise<Response>>): (...args: A) => Promise<Response> {
  const handler = lazy(load);
  return async (...args) => (handler.value ?? (await handler.load()))(...args);
}

/** The GET handler of `app/api-docs/[[...file]]/route.ts`, serving Swagger UI from swagger-ui-dist. See runtime/swagger-ui. */
export function createSwaggerUiHandler(options: SwaggerUiOptions): SwaggerUiHandler {
  assertSwaggerUiOptions(options);
  return lazyHandler(() => import('./swagger-ui/index').then((swaggerUi) => swaggerUi.createSwaggerUiHandler(options)));
}

/**
 * The GET handler of `app/<path>/[[...file]]/route.ts`, serving Scalar's API reference from @scalar/api-reference at
 * wherever the route file is mounted. See runtime/scalar.
 */
export function createScalarHandler(options: ScalarOptions): ScalarHandler {
  if (typeof options?.openApiUrl != 'string') throw new TypeError("createScalarHandler({ openApiUrl }) needs the address of the OpenAPI JSON, e.g. '/api/openapi.json'.");
  return lazyHandler(() => import('./scalar/index').then((scalar) => scalar.createScalarHandler(options)));
}
