import { fileRulesRegistered } from '../validation/file-rules';
import { registeredApplications, type DocumentedApplication } from './registry';
import type { Class } from '../types';
import { describeSchemas, type SchemaUse } from '../schema/components';
import { loadConverters } from '../schema/json-schema';
import { buildPaths, describeApplication, schemaPlaceholder, type ApplicationDocument, type DocumentedOperation } from './document/document';
import { commonErrorFormat, crossSiteRefused, errorComponents, HEADERS, tooManyRequests } from './features/errors';
import { authResponses, authSecuritySchemes, WWW_AUTHENTICATE } from './features/security';
import { minifiedProbe } from './schemas/names';
import { describeParameters, hasInputDtos, hasInputs, objectProperties, type InputProperties, type ParameterPlace } from './document/parameters';
import { buildSchemas, classSchema, loadSchemaTools, memoizedSchemaTools, type SchemaCache, type SchemaToolsLoader } from './schemas/schemas';
import type { OpenApiDocument, OpenApiOptions, SchemaObject } from './types';
import type { InputParameter } from '../metadata/records';
import type { RouteDefinition } from '../routing/route-definitions';
import { documentTags, openApiVersion, toOpenApi32 } from './document/openapi-version';
import { markPublicOperations } from './features/public-operations';
import { dropUnusedComponents } from './schemas/used-components';
import { describeWebhookEvents } from './document/webhook-events';

export type { OpenApiDocument, OpenApiOptions } from './types';

/**
 * A document generator with caches of its own. The library uses one, made with the default loader of the optional
 * peers; tests make others (a loader that fails simulates a missing package, a fresh generator an empty cache).
 */
export function createDocumentGenerator(load: SchemaToolsLoader = loadSchemaTools): (options: OpenApiOptions) => Promise<OpenApiDocument> {
  const schemaTools = memoizedSchemaTools(load);
  const schemaCache: SchemaCache = new WeakMap();
  // Routes are frozen when an application is created, so its part of the document is built once. A WeakMap, so an
  // application replaced by a dev reload takes its entry with it.
  const perApplication = new WeakMap<DocumentedApplication, Map<string | undefined, ApplicationDocument>>();
  let lastDocument: { key: string; applications: readonly DocumentedApplication[]; document: Promise<OpenApiDocument> } | undefined;

  async function build(options: OpenApiOptions, applications: readonly DocumentedApplication[]): Promise<OpenApiDocument> {
    const { apiVersion } = options;
    const version = openApiVersion(options.openapi);
    // A versioned application's document is made by a chunk of its own.
    const versions = apiVersion !== undefined || applications.some((application) => application.versioning) ? await import('./document/versions') : undefined;
    if (apiVersion !== undefined) assertApiVersion(apiVersion, versions!.documentedVersions(applications));
    const controllers = options.controllers ? new Set<Class>(options.controllers) : undefined;
    const errorFormat = commonErrorFormat(applications);
    const errors = errorComponents(errorFormat, options.errorSchema);
    const describe = (application: DocumentedApplication) =>
      describeApplication(application, controllers, application.versioning && versions!.versionedPlacements(application, apiVersion));
    const parts = applications.map((application) => {
      if (controllers) return describe(application);
      let cached = perApplication.get(application);
      if (!cached) perApplication.set(application, (cached = new Map()));
      let part = cached.get(apiVersion);
      if (!part) cached.set(apiVersion, (part = describe(application)));
      return part;
    });
    const operations = parts.flatMap((part) => part.operations);
    const dtos = new Set(parts.flatMap((part) => part.dtos));
    const placeholders = new Map(parts.flatMap((part) => [...part.schemas]));
    const webhooks = describeWebhookEvents(operations, dtos, placeholders);
    const withInputDtos = operations.some((entry) => hasInputDtos(entry.route));
    const tools = dtos.size > 0 || withInputDtos ? await schemaTools() : undefined;
    // Pending IsFile rules (declared before the tools loaded, or since: a lazily imported controller) join class-validator first.
    if (tools) await fileRulesRegistered();
    // The `@Query`, `@Params` and `@Headers` schemas' input sides, one use per route and input, known before the
    // schemas are described: their nested named schemas are components like any other's.
    const inputUses = new Map<RouteDefinition, Partial<Record<ParameterPlace, SchemaUse>>>();
    for (const { route } of operations) {
      if (inputUses.has(route)) continue;
      const uses: Partial<Record<ParameterPlace, SchemaUse>> = {};
      const inputs: [InputParameter | undefined, ParameterPlace, string][] = [[route.query, 'query', '@Query'], [route.params, 'path', '@Params'], [route.headers, 'header', '@Headers']];
      for (const [parameter, place, role] of inputs) {
        if (!parameter?.schema) continue;
        const placeholder = schemaPlaceholder({ schemas: placeholders }, route, parameter.schema, 'input', role, place);
        uses[place] = placeholders.get(placeholder)!;
      }
      inputUses.set(route, uses);
    }
    // Classes the parameters' DTOs nest are components too.
    for (const { route } of operations) {
      for (const parameter of [route.query, route.params, route.headers]) {
        if (parameter?.dto) for (const nested of classSchema(parameter.dto, tools!, schemaCache).nested) dtos.add(nested);
      }
    }
    const schemas: Record<string, SchemaObject> = dtos.size > 0 ? buildSchemas(dtos, tools!, schemaCache) : {};
    const uses = [...placeholders.values()];
    const schemaDocument = uses.length > 0 ? describeSchemas(uses, new Set([...Object.keys(schemas), ...Object.keys(errors.schemas)]), await loadConverters(uses.map((use) => use.schema))) : undefined;
    const inputProperties = (route: RouteDefinition, parameter: InputParameter, place: ParameterPlace): InputProperties => {
      if (!parameter.schema) return objectProperties(classSchema(parameter.dto, tools!, schemaCache).schema);
      const use = inputUses.get(route)![place]!;
      const schema = schemaDocument!.resolve(schemaDocument!.schemaOf(use));
      if (schema.type !== 'object' && schema.properties === undefined) {
        throw new Error(`generateOpenApiDocument: ${use.where} is not an object schema: each of its properties is a ${place} parameter.`);
      }
      return objectProperties(schema);
    };
    const withInputParameters = operations.some((entry) => hasInputs(entry.route)) ? withParameters(operations, inputProperties) : operations;
    const documented = versions ? versions.withVersionInputs(withInputParameters) : withInputParameters;
    if (schemaDocument) Object.assign(schemas, schemaDocument.components);
    for (const name of Object.keys(errors.schemas)) {
      if (schemas[name]) {
        throw new Error(`generateOpenApiDocument: a DTO class is named ${name}, the name of the error schema the document adds. Rename the class.`);
      }
    }
    const paths = buildPaths(documented);
    const authSchemes = authSecuritySchemes(applications);
    const securitySchemes = checkedSecuritySchemes(Object.keys(authSchemes).length > 0 ? { ...authSchemes, ...options.securitySchemes } : options.securitySchemes, parts);
    const tags = documentTags(operations, version);
    // Rate limits and ETags add components of their own, only where a route uses them.
    const responses = { ...errors.responses };
    const refers = (name: string) => operations.some((entry) => Object.values(entry.operation.responses).some((response) => '$ref' in response && response.$ref === `#/components/responses/${name}`));
    if (refers('CrossSiteRefused')) responses.CrossSiteRefused = crossSiteRefused(errorFormat);
    if (refers('TooManyRequests')) responses.TooManyRequests = tooManyRequests(errorFormat);
    for (const [name, response] of Object.entries(authResponses(errorFormat))) if (refers(name)) responses[name] = response;
    const used = JSON.stringify([operations.map((entry) => entry.operation.responses), responses]);
    const headers = Object.fromEntries(Object.entries({ ...HEADERS, WWWAuthenticate: WWW_AUTHENTICATE }).filter(([name]) => used.includes(`#/components/headers/${name}"`)));
    const document: OpenApiDocument = {
      openapi: '3.1.0',
      info: { title: options.title, version: options.version ?? apiVersion ?? '1.0.0', ...(apiVersion === undefined ? {} : { 'x-api-version': apiVersion }) },
      // The paths carry the basePath (`/api/posts`): the server is the origin the document is served from.
      servers: options.servers ? options.servers.map((server) => ({ ...server })) : [{ url: '/' }],
      ...(tags.length > 0 ? { tags } : {}),
      paths,
      ...(webhooks ? { webhooks } : {}),
      components: {
        schemas: sortKeys({ ...schemas, ...errors.schemas }),
        responses,
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
        ...(securitySchemes ? { securitySchemes } : {}),
      },
    };
    if (options.description !== undefined) document.info.description = options.description;
    // One serialisation makes the result independent of our caches (a caller may not change them through it) and frozen;
    // it also puts each schema's JSON Schema in its placeholder's place.
    const replacer = schemaDocument && ((_key: string, value: unknown) => (placeholders.has(value as SchemaObject) ? schemaDocument.schemaOf(placeholders.get(value as SchemaObject)!) : value));
    const copy = JSON.parse(JSON.stringify(document, replacer)) as OpenApiDocument;
    dropUnusedComponents(copy);
    markPublicOperations(copy);
    const finished = version === '3.2' ? toOpenApi32(copy) : copy;
    // A minified build documented each class under a placeholder: the names come back from the committed document.
    return deepFreeze(minifiedProbe() ? await (await import('./document/recover-names')).recoverNames(finished, options.committedDocument) : finished);
  }

  return function generate(options) {
    if (!options || typeof options.title !== 'string') {
      throw new TypeError("generateOpenApiDocument({ title }) needs a title, e.g. generateOpenApiDocument({ title: 'API' }).");
    }
    const applications = options.applications ?? registeredApplications();
    if (options.apiVersion !== undefined && typeof options.apiVersion !== 'string') {
      throw new TypeError(`generateOpenApiDocument({ apiVersion }) takes a version as a string, e.g. { apiVersion: '2' }, got ${typeof options.apiVersion}.`);
    }
    const key = JSON.stringify([
      options.openapi,
      options.title,
      options.version,
      options.apiVersion,
      options.description,
      options.servers,
      options.controllers?.map((c) => c.name),
      options.errorSchema,
      options.securitySchemes,
      options.committedDocument,
    ]);
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
  };
}

const generate = createDocumentGenerator();

/**
 * The OpenAPI 3.1 document (3.2 with `openapi: '3.2'`) of every route of every application created in this process
 * (import the module that calls `createApplication` first), or of `options.applications`. DTO schemas come from the
 * validation decorators through class-validator-jsonschema, an optional peer loaded on first use; Standard Schemas (Zod,
 * Valibot, ArkType) from their own Standard JSON Schema, else their library's converter (runtime/schema/json-schema.ts),
 * loaded on first use too.
 *
 * The same input gives a byte-identical document, and the same applications and options give the same (frozen) object.
 */
export async function generateOpenApiDocument(options: OpenApiOptions): Promise<OpenApiDocument> {
  return generate(options);
}

/** `apiVersion` must be a version of a documented application. */
function assertApiVersion(apiVersion: string, versions: readonly string[]): void {
  if (versions.length === 0) {
    throw new Error(`generateOpenApiDocument: apiVersion '${apiVersion}' was given, but no documented application has versioning: create it with createApplication({ versioning }).`);
  }
  if (!versions.includes(apiVersion)) {
    throw new Error(`generateOpenApiDocument: apiVersion '${apiVersion}' is not a version of the documented applications; their versions are ${versions.map((version) => `'${version}'`).join(', ')}.`);
  }
}

/** The schemes given, after checking that every `@ApiSecurity` name is one of them (else the document is invalid). */
function checkedSecuritySchemes(schemes: OpenApiOptions['securitySchemes'], parts: readonly ApplicationDocument[]): OpenApiOptions['securitySchemes'] {
  if (schemes !== undefined && (typeof schemes !== 'object' || schemes === null || Array.isArray(schemes))) {
    throw new TypeError("generateOpenApiDocument({ securitySchemes }) takes an object by scheme name, e.g. { bearer: { type: 'http', scheme: 'bearer' } }.");
  }
  for (const part of parts) {
    for (const { route } of part.operations) {
      for (const name of route.security.flatMap((requirement) => Object.keys(requirement))) {
        if (schemes?.[name]) continue;
        throw new Error(
          `generateOpenApiDocument: ${route.controller.name}.${route.propertyKey} uses @ApiSecurity('${name}'), but securitySchemes has no ` +
            `'${name}'. Pass it, e.g. generateOpenApiDocument({ securitySchemes: { ${name}: { type: 'http', scheme: 'bearer' } } }).`,
        );
      }
    }
  }
  return schemes && sortKeys(schemes);
}

/**
 * The operations with the parameters of their `@Query`, `@Params` and `@Headers` DTOs and schemas (described once per
 * route: an `@All` route shares one description).
 */
function withParameters(
  operations: readonly DocumentedOperation[],
  propertiesOf: (route: RouteDefinition, parameter: InputParameter, place: ParameterPlace) => InputProperties,
): DocumentedOperation[] {
  const described = new Map<DocumentedOperation['operation'], DocumentedOperation['operation']>();
  return operations.map((entry) => {
    if (!hasInputs(entry.route)) return entry;
    let operation = described.get(entry.operation);
    if (!operation) {
      const { parameters: _segments, requestBody, responses, ...rest } = entry.operation;
      const parameters = describeParameters(entry.route, (parameter, place) => propertiesOf(entry.route, parameter, place));
      operation = { ...rest, ...(parameters.length > 0 ? { parameters } : {}), ...(requestBody ? { requestBody } : {}), responses };
      described.set(entry.operation, operation);
    }
    return { ...entry, operation };
  });
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

