import { findClassRecord } from '../metadata/records';
import { openApiPath } from '../openapi/document/document';
import { generateOpenApiDocument } from '../openapi/index';
import { SCHEMA_REF_PREFIX } from '../openapi/schemas/schemas';
import type { OpenApiDocument, OperationObject, ReferenceObject, ResponseObject, SchemaObject } from '../openapi/types';
import type { PatternSegment } from '../core/path';
import type { RouteDefinition } from '../routing/route-definitions';
import type { McpToolOptions } from '../types';
import type { McpHandlerOptions, McpApplication } from './options';

/** A tool as `tools/list` sends it. */
export interface ToolDescription {
  name: string;
  description?: string;
  inputSchema: SchemaObject;
  outputSchema?: SchemaObject;
  annotations?: { readOnlyHint: boolean };
  /** With `createMcpHandler(app, { auth })`: what a call needs (`noauth` for a public route, else `oauth2` and its scopes). */
  securitySchemes?: ToolSecurity[];
  _meta?: { securitySchemes: ToolSecurity[] };
}

/** One way to call a tool, in the shape MCP hosts read (the OpenAI Apps SDK's `securitySchemes`). */
export type ToolSecurity = { type: 'noauth' } | { type: 'oauth2'; scopes: string[] };

/** What a call needs to turn arguments into the route's request. */
export interface Tool {
  description: ToolDescription;
  method: string;
  segments: readonly PatternSegment[];
  pathNames: readonly string[];
  queryNames: ReadonlySet<string>;
  /** `flat`: the body's properties are arguments; `nested`: the body is the argument `body`. */
  body?: 'flat' | 'nested';
  /** The scopes the route's `@Auth` needs: a call without them is refused at the HTTP level (403). */
  scopes: readonly string[];
}

export interface Tools {
  list: ToolDescription[];
  byName: Map<string, Tool>;
}

/** What a paginated route's tool says of its pages, so an agent asks for the next one. */
const PAGED = {
  cursor: 'Paginated: the result holds `items` and `nextCursor`. For the next page, call again with `cursor` set to `nextCursor`; it is null on the last page. `limit` sets the page size.',
  offset: 'Paginated: the result holds `items` and `total`. For the next page, call again with `offset` increased by `limit`, while it is below `total`.',
};

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const TEXT_OR_JSON = /^(text\/|application\/([\w.+-]*\+)?json\b)/i;

/**
 * The tools of an application: the routes marked `@McpTool` (or, with `tools: 'all'`, every route a tool can call),
 * each described from the OpenAPI document, so an input schema says what validation checks: the path parameters, the
 * query and the body's properties in one object (the body as `body` when one of its names is also a parameter's, or
 * when it is not an object), `$ref`s resolved. The output schema is the 2xx response's, when `@ApiResponse` gives a
 * type: an object as it is, anything else as `{ result }`, the way a call sends it.
 */
export async function describeTools(app: McpApplication, options: McpHandlerOptions): Promise<Tools> {
  const routes = exposedRoutes(app, options.tools);
  for (const route of routes) {
    const reason = unfit(route);
    if (reason) throw new Error(`@McpTool on ${route.controller.name}.${route.propertyKey}: ${reason}`);
  }
  // Tools carry no security schemes, but the generator checks that every @ApiSecurity name has one: any will do.
  const schemes = Object.fromEntries(app.routes.flatMap((route) => route.security.flatMap(Object.keys)).map((name) => [name, { type: 'http', scheme: 'bearer' } as const]));
  const document =
    routes.length > 0 ? await generateOpenApiDocument({ title: options.name ?? 'MCP', applications: [app], securitySchemes: schemes }) : undefined;
  const tools: Tools = { list: [], byName: new Map() };
  for (const route of routes) {
    const operation = document!.paths[openApiPath(route.path)]?.[route.method.toLowerCase() as 'get'];
    // A route declared after another with the same method and path is never reached, and not documented.
    if (!operation) continue;
    const tool = describeTool(route, operation, document!, options.auth !== undefined);
    const { name } = tool.description;
    if (!TOOL_NAME.test(name)) {
      throw new Error(`createMcpHandler: the tool name "${name}" (${route.controller.name}.${route.propertyKey}) may hold only letters, digits, _, - and . (1 to 128). Give @McpTool({ name }).`);
    }
    if (tools.byName.has(name)) {
      throw new Error(`createMcpHandler: two tools are named "${name}" (again ${route.controller.name}.${route.propertyKey}). Give one of them @McpTool({ name }).`);
    }
    tools.byName.set(name, tool);
    tools.list.push(tool.description);
  }
  return tools;
}

/** The routes that are tools: those marked `@McpTool`, or with `tools: 'all'` every route a tool can call. */
export function exposedRoutes(app: McpApplication, tools: McpHandlerOptions['tools']): RouteDefinition[] {
  return app.routes.filter((route) => marked(route) || (tools === 'all' && !unfit(route)));
}

/** The scopes a route's `@Auth` needs. */
export function scopesOf(route: RouteDefinition): string[] {
  return (route.auth && route.auth.scopes) || [];
}

/** `@McpTool`'s options, read from the route's record as the OpenAPI generator reads `@ApiSchema`'s. */
function marked(route: RouteDefinition): McpToolOptions | undefined {
  return findClassRecord(route.controller)?.methods.get(route.propertyKey)?.mcp;
}

/** Why a route cannot be a tool, or undefined. */
function unfit(route: RouteDefinition): string | undefined {
  if (route.method === 'ALL' || route.method === 'HEAD' || route.method === 'OPTIONS') return `an @${route.method === 'ALL' ? 'All' : route.method === 'HEAD' ? 'Head' : 'Options'} route cannot be a tool: mark a route of one method (GET, POST, PUT, PATCH, DELETE).`;
  if (route.form) return 'a @Form route cannot be a tool: its fields and files are not JSON arguments.';
  if (route.sse) return 'an @Sse route cannot be a tool: a tool call answers once, not with a stream.';
  if (route.produces !== undefined && !TEXT_OR_JSON.test(route.produces)) return `a route that answers ${route.produces} cannot be a tool: a tool answers JSON or text.`;
  return undefined;
}

function describeTool(route: RouteDefinition, operation: OperationObject, document: OpenApiDocument, auth: boolean): Tool {
  const { resolve, withDefs } = resolver(document);
  const properties: Record<string, SchemaObject> = {};
  const required: string[] = [];
  const pathNames: string[] = [];
  const queryNames = new Set<string>();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    properties[parameter.name] = resolve(parameter.schema);
    if (parameter.required) required.push(parameter.name);
    if (parameter.in === 'path') pathNames.push(parameter.name);
    else queryNames.add(parameter.name);
  }
  let body: Tool['body'];
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  if (bodySchema) {
    const schema = resolve(bodySchema);
    const bodyProperties = schema.type === 'object' && !schema.oneOf && !schema.anyOf ? ((schema.properties ?? {}) as Record<string, SchemaObject>) : undefined;
    if (bodyProperties && !Object.keys(bodyProperties).some((name) => name in properties)) {
      body = 'flat';
      Object.assign(properties, bodyProperties);
      required.push(...((schema.required as string[] | undefined) ?? []));
    } else {
      body = 'nested';
      properties.body = schema;
      required.push('body');
    }
  }
  const inputSchema: SchemaObject = withDefs({ type: 'object', properties, ...(required.length > 0 ? { required } : {}) });
  const mcp = marked(route);
  const description: ToolDescription = { name: mcp?.name ?? operation.operationId, inputSchema };
  // The summary @ApiOperation gives, not the one the document derives from the method's name ("Find one").
  const own = mcp?.description ?? ([route.operation?.summary, operation.description].filter(Boolean).join('\n\n') || undefined);
  const text = route.paginated ? [own, PAGED[route.paginated.style]].filter(Boolean).join('\n\n') : own;
  if (text !== undefined) description.description = text;
  const output = successSchema(operation, document);
  if (output) {
    const out = resolver(document);
    const schema = out.resolve(output);
    description.outputSchema = out.withDefs(schema.type === 'object' ? schema : { type: 'object', properties: { result: schema }, required: ['result'] });
  }
  if (route.method === 'GET') description.annotations = { readOnlyHint: true };
  const scopes = scopesOf(route);
  if (auth) {
    const security: ToolSecurity[] = [...(!route.auth || route.auth.optional ? [{ type: 'noauth' } as const] : []), ...(route.auth ? [{ type: 'oauth2', scopes } as const] : [])];
    description.securitySchemes = security;
    description._meta = { securitySchemes: security };
  }
  return { description, method: route.method, segments: route.segments, pathNames, queryNames, body, scopes };
}

/** The JSON schema of the first 2xx response that has one. */
function successSchema(operation: OperationObject, document: OpenApiDocument): SchemaObject | undefined {
  for (const [status, entry] of Object.entries(operation.responses)) {
    if (!status.startsWith('2')) continue;
    const response = '$ref' in entry ? document.components.responses[(entry as ReferenceObject).$ref.split('/').pop()!] : (entry as ResponseObject);
    const schema = response?.content?.['application/json']?.schema;
    if (schema) return schema;
  }
  return undefined;
}

/**
 * Inlines `#/components/schemas/…` references, so a tool's schema stands alone. A class that contains itself (a tree
 * of comments) is the exception: it goes to `$defs` once and is referred to there; `withDefs` puts the `$defs` every
 * `resolve` call needed on the schema the tool sends.
 */
function resolver(document: OpenApiDocument): { resolve(schema: SchemaObject): SchemaObject; withDefs(schema: SchemaObject): SchemaObject } {
  const components = document.components.schemas;
  const defs: Record<string, SchemaObject> = {};
  const resolve = (root: SchemaObject): SchemaObject => {
    const inline = (value: unknown, stack: string[]): unknown => {
      if (Array.isArray(value)) return value.map((item) => inline(item, stack));
      if (value === null || typeof value !== 'object') return value;
      const ref = (value as ReferenceObject).$ref;
      if (typeof ref === 'string' && ref.startsWith(SCHEMA_REF_PREFIX)) {
        const name = ref.slice(SCHEMA_REF_PREFIX.length);
        if (stack.includes(name)) {
          if (!(name in defs)) {
            defs[name] = {};
            defs[name] = inline(components[name], [name]) as SchemaObject;
          }
          return { $ref: `#/$defs/${name}` };
        }
        return inline(components[name] ?? {}, [...stack, name]);
      }
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, inline(entry, stack)]));
    };
    return inline(root, []) as SchemaObject;
  };
  return { resolve, withDefs: (schema) => (Object.keys(defs).length > 0 ? { ...schema, $defs: defs } : schema) };
}
