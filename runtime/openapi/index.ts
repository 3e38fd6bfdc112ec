import { registeredApplications, type DocumentedApplication } from '../registry';
import type { Class } from '../types';
import { buildPaths, describeApplication, ERROR_RESPONSES, ERROR_SCHEMAS, type ApplicationDocument } from './document';
import { assertNamesKept } from './names';
import { buildSchemas, schemaTools } from './schemas';
import type { OpenApiDocument, OpenApiOptions, SchemaObject } from './types';

export type { OpenApiDocument, OpenApiOptions } from './types';

// Routes are frozen when an application is created, so its part of the document is built once. A WeakMap, so an
// application replaced by a dev reload takes its entry with it.
let perApplication = new WeakMap<DocumentedApplication, ApplicationDocument>();
let lastDocument: { key: string; applications: readonly DocumentedApplication[]; document: Promise<OpenApiDocument> } | undefined;

/**
 * The OpenAPI 3.1 document of every route of every application created in this process (import the module that calls
 * `createApplication` first), or of `options.applications`. DTO schemas come from the validation decorators through
 * class-validator-jsonschema, an optional peer loaded on first use.
 *
 * The same input gives a byte-identical document, and the same applications and options give the same (frozen) object.
 */
export async function generateOpenApiDocument(options: OpenApiOptions): Promise<OpenApiDocument> {
  if (!options || typeof options.title !== 'string') {
    throw new TypeError("generateOpenApiDocument({ title }) needs a title, e.g. generateOpenApiDocument({ title: 'API' }).");
  }
  const applications = options.applications ?? registeredApplications();
  const key = JSON.stringify([options.title, options.version, options.description, options.servers, options.controllers?.map((c) => c.name)]);
  if (
    lastDocument &&
    lastDocument.key === key &&
    options.controllers === undefined &&
    lastDocument.applications.length === applications.length &&
    lastDocument.applications.every((application, index) => application === applications[index])
  ) {
    return lastDocument.document;
  }
  const document = build(options, applications);
  lastDocument = { key, applications: [...applications], document };
  document.catch(() => {
    if (lastDocument?.document === document) lastDocument = undefined;
  });
  return document;
}

async function build(options: OpenApiOptions, applications: readonly DocumentedApplication[]): Promise<OpenApiDocument> {
  assertNamesKept();
  const controllers = options.controllers ? new Set<Class>(options.controllers) : undefined;
  const parts = applications.map((application) => {
    if (controllers) return describeApplication(application, controllers);
    let part = perApplication.get(application);
    if (!part) perApplication.set(application, (part = describeApplication(application)));
    return part;
  });
  const dtos = [...new Set(parts.flatMap((part) => part.dtos))];
  const schemas: Record<string, SchemaObject> = dtos.length > 0 ? buildSchemas(dtos, await schemaTools()) : {};
  for (const name of Object.keys(ERROR_SCHEMAS)) {
    if (schemas[name]) {
      throw new Error(`generateOpenApiDocument: a DTO class is named ${name}, the name of the error schema the document adds. Rename the class.`);
    }
  }
  const paths = buildPaths(parts.flatMap((part) => part.operations));
  const tags = [...new Set(parts.flatMap((part) => part.operations.flatMap((entry) => entry.operation.tags ?? [])))];
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version ?? '1.0.0' },
    ...(options.servers ? { servers: options.servers.map((server) => ({ ...server })) } : {}),
    ...(tags.length > 0 ? { tags: tags.map((name) => ({ name })) } : {}),
    paths,
    components: { schemas: sortKeys({ ...schemas, ...ERROR_SCHEMAS }), responses: ERROR_RESPONSES },
  };
  if (options.description !== undefined) document.info.description = options.description;
  // One serialisation makes the result independent of our caches (a caller may not change them through it) and frozen.
  return deepFreeze(JSON.parse(JSON.stringify(document)) as OpenApiDocument);
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  const sorted: Record<string, T> = {};
  for (const key of Object.keys(record).sort()) sorted[key] = record[key];
  return sorted;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Forgets cached documents (tests). */
export function clearOpenApiCache(): void {
  perApplication = new WeakMap();
  lastDocument = undefined;
}
