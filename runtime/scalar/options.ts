/** The options of {@link createScalarHandler}. */
export interface ScalarOptions {
  /** Address of the OpenAPI JSON the page loads, e.g. `/api/openapi.json`. */
  openApiUrl: string;
  /** Title of the page. Default `API reference`. */
  title?: string;
  /**
   * Scalar's configuration passed through (JSON values only), e.g. `{ theme: 'purple', hideModels: true }`. The page
   * sets `url` and turns Scalar's fonts from its CDN off (`withDefaultFonts: false`), so nothing leaves the origin.
   */
  scalar?: Record<string, unknown>;
  /** Folder of the installed @scalar/api-reference. Default: resolved from the project root, else `node_modules/@scalar/api-reference`. */
  packagePath?: string;
}

/** Next's second argument to a `[[...file]]` route handler: the segments after the page's own path. */
export interface ScalarRouteContext {
  params?: Promise<{ file?: string[] }> | { file?: string[] };
}

/**
 * The GET handler of `app/<path>/[[...file]]/route.ts`. Its second parameter is `unknown`, as Swagger UI's is: Next's
 * type check of route files rejects a narrower optional one (it reads `ScalarRouteContext` from it).
 */
export type ScalarHandler = (request: Request, context?: unknown) => Promise<Response>;
