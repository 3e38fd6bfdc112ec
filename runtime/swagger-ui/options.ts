/** One document of Swagger UI's picker: its address and the name the picker shows. */
export interface SwaggerUiDocument {
  url: string;
  name: string;
}

/** The options of {@link createSwaggerUiHandler}. */
export interface SwaggerUiOptions {
  /** Address of the OpenAPI JSON the UI loads, e.g. `/api/openapi.json`. Or give `urls`. */
  openApiUrl?: string;
  /**
   * Several documents, with a picker at the top of the page (Swagger UI's `urls`), e.g. one per API version:
   * `[{ url: '/api/openapi.json?version=1', name: 'v1' }, { url: '/api/openapi.json?version=2', name: 'v2' }]`. The
   * first is shown unless `swaggerUi: { 'urls.primaryName': 'v2' }` names another.
   */
  urls?: readonly SwaggerUiDocument[];
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
  const urls = options?.urls;
  if (urls) {
    if (options.openApiUrl !== undefined || !urls.length || !urls.every((document) => document?.url && typeof document.url == 'string' && typeof document.name == 'string')) {
      throw new TypeError("createSwaggerUiHandler({ urls }) takes documents, e.g. [{ url: '/api/openapi.json?version=2', name: 'v2' }], and no openApiUrl.");
    }
  } else if (!options || typeof options.openApiUrl !== 'string' || options.openApiUrl === '') {
    throw new TypeError("createSwaggerUiHandler({ openApiUrl }) needs the address of the OpenAPI JSON, e.g. { openApiUrl: '/api/openapi.json' }.");
  }
}
