/** The options of {@link createSwaggerUiHandler}. */
export interface SwaggerUiOptions {
  /** Address of the OpenAPI JSON the UI loads, e.g. `/api/openapi.json`. */
  openApiUrl: string;
  /** Title of the page. Default `API documentation`. */
  title?: string;
  /** Swagger UI configuration passed through, e.g. `{ docExpansion: 'none', persistAuthorization: true }`. JSON values only. */
  swaggerUi?: Record<string, unknown>;
  /** Where the route file is mounted. Default `/api-docs` (`app/api-docs/[[...file]]/route.ts`). */
  path?: string;
  /** Folder of the installed swagger-ui-dist. Default: `node_modules/swagger-ui-dist` under the working directory. */
  distPath?: string;
}

/** A route handler Next.js accepts as `GET` (the second argument, Next's `{ params }`, is not needed). */
export type SwaggerUiHandler = (request: Request, context?: unknown) => Promise<Response>;

export function assertSwaggerUiOptions(options: SwaggerUiOptions): void {
  if (!options || typeof options.openApiUrl !== 'string' || options.openApiUrl === '') {
    throw new TypeError("createSwaggerUiHandler({ openApiUrl }) needs the address of the OpenAPI JSON, e.g. { openApiUrl: '/api/openapi.json' }.");
  }
}
