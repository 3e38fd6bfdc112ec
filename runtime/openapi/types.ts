import type { DocumentedApplication } from './registry';
import type { Class } from '../types';

/** A JSON Schema (OpenAPI 3.1 Schema Object). Kept loose: class-validator-jsonschema decides most of its shape. */
export type SchemaObject = { [keyword: string]: unknown };

export interface ServerObject {
  url: string;
  description?: string;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  style?: 'form' | 'simple';
  explode?: boolean;
  schema: SchemaObject;
}

export interface MediaTypeObject {
  schema: SchemaObject;
  example?: unknown;
  /** OpenAPI 3.2's `itemSchema` (the schema of each item of a stream, e.g. each Server-Sent Event), as an extension. */
  'x-itemSchema'?: SchemaObject;
  /** The same, under its own name: `generateOpenApiDocument({ openapi: '3.2' })`. */
  itemSchema?: SchemaObject;
}

export interface RequestBodyObject {
  required: boolean;
  content: Record<string, MediaTypeObject>;
}

export interface HeaderObject {
  description: string;
  schema: SchemaObject;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | ReferenceObject>;
  content?: Record<string, MediaTypeObject>;
}

export interface ReferenceObject {
  $ref: string;
}

export interface OperationObject {
  operationId: string;
  tags?: string[];
  summary?: string;
  description?: string;
  deprecated?: boolean;
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject | ReferenceObject>;
  security?: Record<string, string[]>[];
}

export type OpenApiMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch';

export type PathItemObject = Partial<Record<OpenApiMethod, OperationObject>>;

/** A Tag Object: `summary`, `parent` and `kind` are OpenAPI 3.2's (a 3.1 document lists `name` and `description`). */
export interface TagObject {
  name: string;
  summary?: string;
  description?: string;
  parent?: string;
  kind?: string;
}

/** The OpenAPI 3.1 document that {@link generateOpenApiDocument} returns. */
export interface OpenApiDocument {
  openapi: '3.1.0' | '3.2.0';
  /** `x-api-version`: the API version a per-version document describes (`generateOpenApiDocument({ apiVersion })`). */
  info: { title: string; version: string; description?: string; 'x-api-version'?: string };
  servers?: ServerObject[];
  tags?: TagObject[];
  paths: Record<string, PathItemObject>;
  /** The events the application sends (`@WebhookEvent`), by type: a POST each, as the receiver gets it. */
  webhooks?: Record<string, PathItemObject>;
  components: {
    schemas: Record<string, SchemaObject>;
    responses: Record<string, ResponseObject>;
    headers?: Record<string, HeaderObject>;
    securitySchemes?: Record<string, SecuritySchemeObject>;
  };
}

/** An OpenAPI Security Scheme Object, e.g. `{ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }`. */
export type SecuritySchemeObject =
  | { type: 'http'; scheme: string; bearerFormat?: string; description?: string }
  | { type: 'apiKey'; name: string; in: 'query' | 'header' | 'cookie'; description?: string }
  | { type: 'oauth2'; flows: Record<string, unknown>; description?: string }
  | { type: 'openIdConnect'; openIdConnectUrl: string; description?: string }
  | { type: 'mutualTLS'; description?: string };

/** The options of {@link generateOpenApiDocument}: the document's info and servers, what it documents, the error body's schema and the security schemes. */
export interface OpenApiOptions {
  /** `info.title` of the document. */
  title: string;
  /**
   * The OpenAPI version: `'3.1'` (the default, which every tool reads) or `'3.2'`, where `@Sse` routes document their
   * events with `itemSchema` and tags given a `parent` with `@ApiTags` form a hierarchy.
   */
  openapi?: '3.1' | '3.2';
  /** `info.version`. Default: `apiVersion` when given, else `"1.0.0"`. */
  version?: string;
  /**
   * Document only the routes that answer this API version (`createApplication({ versioning })`): its own and the
   * version-neutral ones, at the paths, with the headers or media types a client of that version sends; the document
   * says `info['x-api-version']`. Without it, one document of every version.
   */
  apiVersion?: string;
  /** `info.description`. */
  description?: string;
  /** `servers`, e.g. `[{ url: 'https://api.example.com' }]`. Default: `[{ url: '/' }]`, the origin the document is served from (the paths carry the basePath). */
  servers?: ServerObject[];
  /** Applications to document. Default: every application created in this process (`import '@/app'` first). */
  applications?: readonly DocumentedApplication[];
  /** Only document the routes of these controllers. Default: every controller of the documented applications. */
  controllers?: readonly Class[];
  /**
   * The JSON schema of the error body an application's own `formatError` sends (components.schemas.ErrorResponse).
   * Default: any object. Not used for the default body or `problemDetails`, whose schemas the library knows.
   */
  errorSchema?: SchemaObject;
  /** `components.securitySchemes`, by the names `@ApiSecurity(name)` uses, e.g. `{ bearer: { type: 'http', scheme: 'bearer' } }`. */
  securitySchemes?: Record<string, SecuritySchemeObject>;
  /**
   * The document `next-app-controllers openapi` wrote (`--out`), relative to the working directory. Default
   * `openapi.json`. Read only by a production build whose minifier renamed the classes (Next.js minifies server code
   * by default): the schemas and operationIds get their class names back from it, matched by path, method and place.
   */
  committedDocument?: string;
}
