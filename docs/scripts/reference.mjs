#!/usr/bin/env node
// The reference pages (/docs/reference), generated from the TSDoc of every public export of every entry of the
// package (ENTRIES: `next-app-controllers`, runtime/index.ts; `/proxy`, `/testing`, ...), into content/docs/reference/
// (gitignored). The index lists each entry's exports, each linked to its section (test/docs/reference.test.ts reads
// the published .d.ts of every entry of package.json's "exports" and fails naming an export the index does not link).
//
// TypeDoc reads the sources and validates them: an export without a doc comment (`validation.notDocumented` for
// functions, classes, interfaces, type aliases, variables and enums) and a `{@link}` that resolves to nothing
// (`validation.invalidLink`) are warnings, which `treatWarningsAsErrors` turns into errors: the generation, and so
// `npm run docs:build`, fails naming them. The project TypeDoc serialises (its JSON model) is rendered here as MDX:
// each export's signature as a code block and its doc comment as Markdown, `{@link}`s as links to the export's section.
//
// `node docs/scripts/reference.mjs [--entry <file.ts> ...] [--tsconfig <file>] [--out <dir>]`: by default every
// entry of the library into docs/content/docs/reference/. A test runs it on small fixtures.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import * as td from 'typedoc';

const DOCS = fileURLToPath(new URL('..', import.meta.url));
const ROOT = join(DOCS, '..');

/** The package's entries (package.json's "exports"), each with its source and what it is for; the first is the main one. */
export const ENTRIES = [
  { name: 'next-app-controllers', source: 'runtime/index.ts', about: 'The library: decorators, `createApplication`, the documents and their handlers.' },
  {
    name: 'next-app-controllers/proxy',
    source: 'runtime/proxy.ts',
    about: "The light entry for an app's `src/proxy.ts` (`middleware.ts` on Next.js 15): no decorators, no router, no reflect-metadata.",
  },
  { name: 'next-app-controllers/testing', source: 'runtime/testing.ts', about: 'For tests: credentials that pass the schemes, and the request a Server Action reads.' },
  { name: 'next-app-controllers/actions', source: 'runtime/actions.ts', about: "A controller's route as a Server Action." },
  { name: 'next-app-controllers/dto', source: 'runtime/dto/entry.ts', about: 'Imported first by the files that declare DTO classes, for its effect (it loads reflect-metadata); it exports nothing.' },
  { name: 'next-app-controllers/jobs', source: 'runtime/jobs.ts', about: 'Background work: the queues, `@Scheduled`, the durable `sendWebhook`.' },
];

/**
 * The pages, in sidebar order, and which exports each one documents: by name, and with `entry` every export declared
 * in that entry (its `sendWebhook` is not the main entry's). An export listed nowhere goes to `more`.
 */
export const PAGES = [
  {
    slug: 'application',
    title: 'Application',
    description: 'createApplication, its options, the application object and the route context.',
    exports: ['createApplication', 'ApplicationOptions', 'Application', 'RouteHandler', 'RouteContext', 'RouteDefinition'],
  },
  {
    slug: 'routing',
    title: 'Controllers and routes',
    description: 'The class and method decorators that declare routes, and the types they use.',
    exports: ['Controller', 'Get', 'Post', 'Put', 'Patch', 'Delete', 'Head', 'Options', 'All', 'RouteDecoratorFactory', 'RouteDecorator', 'PathParamNames', 'HttpCode', 'Produces', 'HttpMethod', 'RouteMethod', 'Class'],
  },
  {
    slug: 'inputs',
    title: 'Inputs and validation',
    description: 'The parameter decorators that read and validate a request, and custom parameters.',
    exports: ['Body', 'Form', 'Query', 'Params', 'Headers', 'IsFile', 'IsFileOptions', 'Nullable', 'createParamDecorator', 'ParamResolver', 'InputDecorator', 'InputOf', 'StandardSchemaV1', 'Paginated', 'PaginatedOptions', 'PageStyle', 'CursorPageQuery', 'OffsetPageQuery', 'CursorPage', 'OffsetPage', 'PageOf'],
  },
  {
    slug: 'responses',
    title: 'Responses and streams',
    description: 'Response options, the response contract, Server-Sent Events and downloads.',
    exports: ['ResponseOptions', 'ResponseContractMode', 'ResponseContractError', 'ContractFieldError', 'Sse', 'SseOptions', 'SseEvent', 'download', 'DownloadOptions', 'BinaryBody'],
  },
  {
    slug: 'errors',
    title: 'Errors',
    description: 'HttpError and its subclasses, the error format, problem details and malformed paths.',
    exports: [
      'HttpError',
      'BadRequestError',
      'UnauthorizedError',
      'ForbiddenError',
      'NotFoundError',
      'ConflictError',
      'HttpErrorOptions',
      'FieldError',
      'FieldLocation',
      'ErrorFormatter',
      'ErrorHook',
      'problemDetails',
      'rejectMalformedPath',
      'MalformedPathOptions',
    ],
  },
  {
    slug: 'middleware',
    title: 'Middleware and CORS',
    description: 'Middleware, @Use and cors().',
    exports: ['Middleware', 'Use', 'cors', 'CorsOptions'],
  },
  {
    slug: 'openapi',
    title: 'OpenAPI and Swagger UI',
    description: 'The documentation decorators, the OpenAPI document and the Swagger UI handler.',
    exports: [
      'generateOpenApiDocument',
      'OpenApiOptions',
      'OpenApiDocument',
      'ApiTags',
      'ApiTagOptions',
      'TagObject',
      'ApiOperation',
      'ApiOperationOptions',
      'ApiResponse',
      'ApiResponseOptions',
      'ApiResponseDecorator',
      'ContractValue',
      'ContractItem',
      'ApiSchema',
      'ApiSchemaOptions',
      'ApiSecurity',
      'SecurityRequirement',
      'SecuritySchemeObject',
      'createSwaggerUiHandler',
      'SwaggerUiOptions',
      'SwaggerUiDocument',
      'SwaggerUiHandler',
      'createScalarHandler',
      'ScalarOptions',
      'ScalarHandler',
      'ScalarRouteContext',
    ],
  },
  {
    slug: 'authentication',
    title: 'Authentication',
    description: 'Auth schemes, @Auth, @Public, @Principal and testAuth.',
    exports: [
      'bearer',
      'apiKey',
      'session',
      'Auth',
      'Public',
      'Principal',
      'PrincipalOf',
      'AuthScheme',
      'AuthOptions',
      'ApplicationAuthOptions',
      'RouteAuth',
      'JwtBearerOptions',
      'OpaqueBearerOptions',
      'JwtVerification',
      'JwtClaims',
      'ApiKeyOptions',
      'SessionOptions',
      'Verified',
      'testAuth',
      'TestAuth',
    ],
  },
  {
    slug: 'versioning',
    title: 'Versioning',
    description: 'API versions, @Version and @Deprecated.',
    exports: ['VersioningOptions', 'Version', 'VersionValue', 'VERSION_NEUTRAL', 'Deprecated', 'DeprecatedOptions'],
  },
  {
    slug: 'mcp',
    title: 'MCP',
    description: 'Routes as Model Context Protocol tools.',
    exports: ['createMcpHandler', 'McpHandlerOptions', 'McpHandlers', 'McpApplication', 'McpTool', 'McpToolOptions'],
  },
  {
    slug: 'actions',
    title: 'Server Actions',
    description: 'next-app-controllers/actions: a route as a Server Action, its result, and runAction for tests.',
    exports: [
      'action',
      'fieldError',
      'RouteAction',
      'ActionResult',
      'ActionSuccess',
      'ActionFailure',
      'ActionCallOptions',
      'ActionInput',
      'ActionData',
      'Serialized',
      'ActionApplication',
      'RouteMethodName',
      'runAction',
    ],
  },
  {
    slug: 'jobs',
    title: 'Background jobs',
    description: 'next-app-controllers/jobs: queues, @Scheduled methods, durable webhooks and failed jobs.',
    entry: 'next-app-controllers/jobs',
    exports: [
      'memoryQueue',
      'MemoryQueueOptions',
      'bullmqQueue',
      'BullmqQueueOptions',
      'JobQueue',
      'Scheduled',
      'ScheduledOptions',
      'ScheduledContext',
      'startJobs',
      'StartJobsOptions',
      'stopJobs',
      'listSchedules',
      'ScheduleEntry',
      'failedJobs',
      'FailedJob',
      'retryJob',
      'sendWebhook',
      'DurableWebhookOptions',
      'WebhookSecrets',
    ],
  },
  {
    slug: 'production',
    title: 'Production',
    description: 'Rate limits and their stores, CSRF protection and HTTP caching.',
    exports: [
      'RateLimit',
      'RateLimitOptions',
      'ApplicationRateLimitOptions',
      'RateLimitStore',
      'RateLimitHit',
      'RateLimitCount',
      'RateLimitStoreError',
      'memoryStore',
      'MemoryStoreOptions',
      'redisStore',
      'RedisStoreOptions',
      'RedisClient',
      'CsrfOptions',
      'CacheControl',
      'CacheControlOptions',
      'ETag',
    ],
  },
];
const MORE = { slug: 'more', title: 'More exports', description: 'Exports not grouped on another page.', exports: [] };

const KIND = td.ReflectionKind;
const KIND_LABEL = {
  [KIND.Function]: 'function',
  [KIND.Class]: 'class',
  [KIND.Interface]: 'interface',
  [KIND.TypeAlias]: 'type',
  [KIND.Variable]: 'const',
  [KIND.Enum]: 'enum',
};

// ---- TypeDoc: convert and validate
/** Runs TypeDoc on the entry points; throws when it reports any warning or error (they are printed above). */
export async function convert({ entryPoints, tsconfig }) {
  const app = await td.Application.bootstrapWithPlugins({
    entryPoints,
    tsconfig,
    entryPointStrategy: 'resolve',
    // The pages name each export's file and line from \`sources\`; links to a git host are never made, and without
    // this TypeDoc warns (an error here) in a clone whose origin is no known host, as CI's fresh clone is.
    disableGit: true,
    sourceLinkTemplate: '{path}#L{line}',
    excludePrivate: true,
    excludeProtected: true,
    excludeInternal: true,
    validation: { notExported: false, notDocumented: true, invalidLink: true, invalidPath: true, rewrittenLink: true, unusedMergeModuleWith: true },
    requiredToBeDocumented: ['Enum', 'Variable', 'Function', 'Class', 'Interface', 'TypeAlias'],
    treatWarningsAsErrors: true,
    skipErrorChecking: false,
    logLevel: 'Warn',
  });
  const project = await app.convert();
  if (project) app.validate(project);
  if (!project || app.logger.hasErrors() || app.logger.hasWarnings()) {
    const count = app.logger.errorCount + app.logger.warningCount;
    throw new Error(
      `TypeDoc reported ${count} problem(s) in ${entryPoints.map((entry) => relative(ROOT, entry)).join(', ')} (printed above; warnings count as errors here): every public export needs a doc comment, and every {@link} must resolve.`,
    );
  }
  return app.serializer.projectToObject(project, ROOT);
}

// ---- types and signatures as TypeScript text
const needsParens = (type) => ['union', 'intersection', 'conditional'].includes(type.type) || (type.type === 'reflection' && type.declaration.signatures);

export function typeText(type) {
  if (!type) return 'unknown';
  switch (type.type) {
    case 'intrinsic':
    case 'unknown':
      return type.name;
    case 'literal':
      if (type.value === null) return 'null';
      if (typeof type.value === 'string') return `'${type.value.replace(/'/g, "\\'")}'`;
      if (typeof type.value === 'object') return `${type.value.negative ? '-' : ''}${type.value.value}n`;
      return String(type.value);
    case 'reference':
      return `${type.name}${type.typeArguments?.length ? `<${type.typeArguments.map(typeText).join(', ')}>` : ''}`;
    case 'array':
      return needsParens(type.elementType) ? `(${typeText(type.elementType)})[]` : `${typeText(type.elementType)}[]`;
    case 'union':
      return type.types.map((member) => (member.type === 'reflection' && member.declaration.signatures ? `(${typeText(member)})` : typeText(member))).join(' | ');
    case 'intersection':
      return type.types.map((member) => (needsParens(member) ? `(${typeText(member)})` : typeText(member))).join(' & ');
    case 'tuple':
      return `[${(type.elements ?? []).map(typeText).join(', ')}]`;
    case 'namedTupleMember':
      return `${type.name}${type.isOptional ? '?' : ''}: ${typeText(type.element)}`;
    case 'optional':
      return `${typeText(type.elementType)}?`;
    case 'rest':
      return `...${typeText(type.elementType)}`;
    case 'query':
      return `typeof ${typeText(type.queryType)}`;
    case 'typeOperator':
      return `${type.operator} ${typeText(type.target)}`;
    case 'indexedAccess':
      return `${needsParens(type.objectType) ? `(${typeText(type.objectType)})` : typeText(type.objectType)}[${typeText(type.indexType)}]`;
    case 'conditional':
      return `${typeText(type.checkType)} extends ${typeText(type.extendsType)} ? ${typeText(type.trueType)} : ${typeText(type.falseType)}`;
    case 'inferred':
      return `infer ${type.name}${type.constraint ? ` extends ${typeText(type.constraint)}` : ''}`;
    case 'predicate':
      return `${type.asserts ? 'asserts ' : ''}${type.name}${type.targetType ? ` is ${typeText(type.targetType)}` : ''}`;
    case 'templateLiteral':
      return `\`${type.head}${type.tail.map(([inner, text]) => `\${${typeText(inner)}}${text}`).join('')}\``;
    case 'mapped': {
      const readonly = type.readonlyModifier === '+' ? 'readonly ' : type.readonlyModifier === '-' ? '-readonly ' : '';
      const optional = type.optionalModifier === '+' ? '?' : type.optionalModifier === '-' ? '-?' : '';
      const as = type.nameType ? ` as ${typeText(type.nameType)}` : '';
      return `{ ${readonly}[${type.parameter} in ${typeText(type.parameterType)}${as}]${optional}: ${typeText(type.templateType)} }`;
    }
    case 'reflection':
      return reflectionText(type.declaration);
    default:
      return type.name ?? type.type;
  }
}

function typeParametersText(parameters) {
  if (!parameters?.length) return '';
  return `<${parameters
    .map(
      (parameter) =>
        `${parameter.flags?.isConst ? 'const ' : ''}${parameter.name}${parameter.type ? ` extends ${typeText(parameter.type)}` : ''}${parameter.default ? ` = ${typeText(parameter.default)}` : ''}`,
    )
    .join(', ')}>`;
}

function parametersText(parameters = []) {
  return parameters
    .map((parameter) => {
      const optional = parameter.flags?.isOptional || parameter.defaultValue !== undefined ? '?' : '';
      return `${parameter.flags?.isRest ? '...' : ''}${parameter.name}${optional}: ${typeText(parameter.type)}`;
    })
    .join(', ');
}

/** `<T>(a: A) => R` (arrow: a function type) or `<T>(a: A): R` (a declaration or a call signature of an interface). */
function signatureText(signature, arrow) {
  const prefix = signature.kind === KIND.ConstructorSignature ? 'new ' : '';
  return `${prefix}${typeParametersText(signature.typeParameters)}(${parametersText(signature.parameters)})${arrow ? ' => ' : ': '}${typeText(signature.type)}`;
}

function memberLine(member) {
  const flags = member.flags ?? {};
  const modifiers = `${flags.isStatic ? 'static ' : ''}${flags.isReadonly ? 'readonly ' : ''}`;
  if (member.kind === KIND.Constructor) return member.signatures.map((signature) => `constructor(${parametersText(signature.parameters)});`);
  if (member.signatures) return member.signatures.map((signature) => `${modifiers}${member.name}${flags.isOptional ? '?' : ''}${signatureText(signature, false)};`);
  if (member.getSignature) return [`${modifiers}get ${member.name}(): ${typeText(member.getSignature.type)};`];
  return [`${modifiers}${propertyName(member.name)}${flags.isOptional ? '?' : ''}: ${typeText(member.type)};`];
}

const propertyName = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

/** An object type: a function type when it only has call signatures, else `{ member; ... }` on one line. */
function reflectionText(declaration) {
  const members = visibleMembers(declaration);
  if (declaration.signatures && members.length === 0 && !declaration.indexSignatures) {
    const signatures = declaration.signatures.map((signature) => signatureText(signature, true));
    return signatures.length === 1 ? signatures[0] : `{ ${signatures.map((text) => `${text};`).join(' ')} }`;
  }
  const lines = [
    ...(declaration.signatures ?? []).map((signature) => `${signatureText(signature, false)};`),
    ...(declaration.indexSignatures ?? []).map(indexSignatureLine),
    ...members.sort(byDeclarationOrder).flatMap(memberLine),
  ].map((line) => line.replace(/;$/, ''));
  return lines.length === 0 ? '{}' : `{ ${lines.join('; ')} }`;
}

const indexSignatureLine = (signature) =>
  `${signature.flags?.isReadonly ? 'readonly ' : ''}[${signature.parameters.map((parameter) => `${parameter.name}: ${typeText(parameter.type)}`).join(', ')}]: ${typeText(signature.type)};`;

/** Members declared by the library: not inherited from a class outside it (Error's `stack`, ...), nor private. */
function visibleMembers(reflection) {
  return (reflection.children ?? []).filter(
    (member) => !member.flags?.isExternal && !member.flags?.isPrivate && !(member.sources ?? []).some((source) => /(^|\/)node_modules\//.test(source.fileName)),
  );
}

/**
 * The documented class a class-valued const (`@class`, e.g. `BadRequestError = named(400)`) extends: TypeDoc cannot
 * see the base of an anonymous class, so it is the class its comment links first when every member of this one is a
 * member of that one. Then only the constructor is shown, under `extends Base`.
 */
function implicitBase(reflection, byId) {
  if (reflection.kind !== KIND.Class || reflection.extendedTypes?.length) return undefined;
  const link = commentOf(reflection)?.summary?.find((part) => part.kind === 'inline-tag' && typeof part.target === 'number');
  const base = link && byId.get(link.target);
  if (!base || base.kind !== KIND.Class || base === reflection) return undefined;
  const names = new Set(visibleMembers(base).map((member) => member.name));
  return visibleMembers(reflection).every((member) => member.kind === KIND.Constructor || names.has(member.name)) ? base : undefined;
}

/** The TypeScript declaration shown in the export's code block. */
export function declarationText(reflection, byId = new Map()) {
  const name = reflection.name;
  switch (reflection.kind) {
    case KIND.Function:
      return reflection.signatures.map((signature) => `function ${name}${signatureText(signature, false)};`).join('\n');
    case KIND.Variable:
      return `const ${name}: ${typeText(reflection.type)};`;
    case KIND.TypeAlias: {
      const head = `type ${name}${typeParametersText(reflection.typeParameters)} =`;
      const type = reflection.type;
      const oneLine = `${head} ${typeText(type)};`;
      if (type?.type === 'union' && oneLine.length > 110) return `${head}\n${type.types.map((member) => `  | ${typeText(member)}`).join('\n')};`;
      return oneLine;
    }
    case KIND.Interface:
    case KIND.Class: {
      const base = implicitBase(reflection, byId);
      if (base) {
        const constructors = visibleMembers(reflection).filter((member) => member.kind === KIND.Constructor).flatMap(memberLine);
        return `class ${name} extends ${base.name} {\n${constructors.map((line) => `  ${line}`).join('\n')}\n}`;
      }
      const keyword = reflection.kind === KIND.Class ? 'class' : 'interface';
      const heritage = [
        reflection.extendedTypes?.length ? ` extends ${reflection.extendedTypes.map(typeText).join(', ')}` : '',
        reflection.implementedTypes?.length ? ` implements ${reflection.implementedTypes.map(typeText).join(', ')}` : '',
      ].join('');
      const lines = [
        ...(reflection.signatures ?? []).map((signature) => `${signatureText(signature, false)};`),
        ...(reflection.indexSignatures ?? []).map(indexSignatureLine),
        ...visibleMembers(reflection).sort(byDeclarationOrder).flatMap(memberLine),
      ];
      return `${keyword} ${name}${typeParametersText(reflection.typeParameters)}${heritage} {\n${lines.map((line) => `  ${line}`).join('\n')}\n}`;
    }
    case KIND.Enum:
      return `enum ${name} {\n${(reflection.children ?? []).map((member) => `  ${member.name} = ${typeText(member.type)},`).join('\n')}\n}`;
    default:
      return `${name}: ${typeText(reflection.type)}`;
  }
}

function byDeclarationOrder(a, b) {
  const rank = (member) => (member.kind === KIND.Constructor ? 0 : 1);
  const line = (member) => member.sources?.[0]?.line ?? 0;
  const column = (member) => member.sources?.[0]?.character ?? 0;
  return rank(a) - rank(b) || line(a) - line(b) || column(a) - column(b);
}

// ---- comments as MDX
/** Prose of a comment, safe in MDX: `{` `}` `<` would open an expression or a JSX element. */
const escapeProse = (text) => text.replace(/[{}<>]/g, (character) => `\\${character}`);

/** A comment's parts (text, code, inline tags) as Markdown; `{@link}`s resolve through `locate`. */
export function partsMarkdown(parts = [], locate) {
  return parts
    .map((part) => {
      if (part.kind === 'text') return escapeProse(part.text);
      if (part.kind === 'code') return part.text;
      if (part.kind === 'relative-link') return escapeProse(part.text);
      if (part.kind === 'inline-tag') {
        if (!['@link', '@linkcode', '@linkplain'].includes(part.tag)) return escapeProse(part.text);
        const label = part.tag === '@linkplain' ? escapeProse(part.text) : `\`${part.text}\``;
        if (typeof part.target === 'string') return `[${label}](${part.target})`;
        const href = locate(part.target);
        if (!href) throw new Error(`{@link ${part.text}} points at something the reference does not document`);
        return `[${label}](${href})`;
      }
      return '';
    })
    .join('');
}

const BLOCK_TAG_LABELS = {
  '@returns': 'Returns',
  '@remarks': 'Remarks',
  '@defaultValue': 'Default',
  '@default': 'Default',
  '@example': 'Example',
  '@see': 'See',
  '@throws': 'Throws',
  '@deprecated': 'Deprecated',
  '@typeParam': 'Type parameter',
};

function commentMarkdown(comment, locate) {
  if (!comment) return '';
  const blocks = [];
  const summary = partsMarkdown(comment.summary, locate).trim();
  if (summary) blocks.push(summary);
  for (const tag of comment.blockTags ?? []) {
    const label = BLOCK_TAG_LABELS[tag.tag];
    if (!label) continue;
    const content = partsMarkdown(tag.content, locate).trim();
    const name = tag.name ? ` \`${tag.name}\`` : '';
    blocks.push(tag.tag === '@example' ? `**${label}**\n\n${content}` : `**${label}${name}**: ${content}`);
  }
  return blocks.join('\n\n');
}

/** One line for a table cell: newlines become spaces, `|` is escaped (also inside code spans, as GFM tables want). */
const cell = (markdown) => markdown.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

/** The comment of an export: functions keep it on their (first) signature. */
const commentOf = (reflection) => reflection.comment ?? reflection.signatures?.find((signature) => signature.comment)?.comment;

function memberComment(member) {
  return member.comment ?? member.signatures?.find((signature) => signature.comment)?.comment ?? member.getSignature?.comment;
}

function exportSection(reflection, { locate, byId }, entries) {
  const lines = [`## ${reflection.name}`, ''];
  const source = reflection.sources?.[0];
  const from = entries.map((entry) => `\`${entry}\``).join(', ').replace(/, ([^,]+)$/, ' and $1');
  lines.push(`<small>${KIND_LABEL[reflection.kind] ?? 'export'} · from ${from}${source ? ` · \`${source.fileName}\`` : ''}</small>`, '');
  lines.push('```ts', declarationText(reflection, byId), '```', '');
  const comment = commentMarkdown(commentOf(reflection), locate);
  if (comment) lines.push(comment, '');

  // Parameters of functions, with their @param comments.
  const parameters = (reflection.signatures ?? []).flatMap((signature) => signature.parameters ?? []).filter((parameter) => parameter.comment);
  if (parameters.length > 0) {
    lines.push('| Parameter | Description |', '|---|---|');
    for (const parameter of parameters) lines.push(`| \`${parameter.name}\` | ${cell(commentMarkdown(parameter.comment, locate))} |`);
    lines.push('');
  }

  // Members of interfaces and classes, with their comments, when at least one has a comment (the code block above
  // already shows their types); not for a class shown as extending its base.
  const members = visibleMembers(reflection)
    .sort(byDeclarationOrder)
    .filter((member) => member.kind !== KIND.Constructor || memberComment(member));
  const described = members.some((member) => memberComment(member));
  if ((reflection.kind === KIND.Interface || reflection.kind === KIND.Class) && described && !implicitBase(reflection, byId)) {
    lines.push('| Member | Type | Description |', '|---|---|---|');
    for (const member of members) {
      const type = member.signatures ? member.signatures.map((signature) => signatureText(signature, true)).join('; ') : typeText(member.type ?? member.getSignature?.type);
      const name = `${member.flags?.isStatic ? 'static ' : ''}${member.name}${member.flags?.isOptional ? '?' : ''}`;
      lines.push(`| \`${cell(name)}\` | \`${cell(type)}\` | ${cell(commentMarkdown(memberComment(member), locate))} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

// ---- pages
const frontmatter = (title, description) => `---\ntitle: ${JSON.stringify(title)}\ndescription: ${JSON.stringify(description)}\n---\n`;
const GENERATED_NOTE = '\n{/* Generated by docs/scripts/reference.mjs from the TSDoc of runtime/: do not edit. */}\n';

/** Writes the reference pages for a TypeDoc JSON project into `outDir`; returns the page slugs written. */
export function renderReference(project, outDir, { baseUrl = '/docs/reference' } = {}) {
  const modules = project.children?.some((child) => child.kind === KIND.Module) ? project.children : [{ ...project, name: 'index' }];
  const main = modules.find((module) => module.name === 'index') ?? modules[0];
  // Each module's entry (by its source file); the main one first. A module of no entry (a test's fixture) is named after itself.
  const entryName = (module) =>
    ENTRIES.find((entry) => entry.source === module.sources?.[0]?.fileName)?.name ?? (module === main ? ENTRIES[0].name : module.name);
  const rank = (module) => (module === main ? -1 : ENTRIES.findIndex((entry) => entry.name === entryName(module)) >>> 0);
  const ordered = [...modules].sort((a, b) => rank(a) - rank(b));

  // Every declaration once, in its own entry; the entries that export it (its own, then those re-exporting it).
  const exports = ordered.flatMap((module) => (module.children ?? []).filter((child) => child.kind !== KIND.Reference).map((reflection) => ({ reflection, entry: entryName(module) })));
  const entriesOf = new Map(exports.map(({ reflection, entry }) => [reflection.id, [entry]]));
  for (const module of ordered) {
    for (const child of module.children ?? []) if (child.kind === KIND.Reference) entriesOf.get(child.target)?.push(entryName(module));
  }

  // Which page and heading each export (and each of its members) is documented under.
  const pageOf = new Map();
  for (const page of PAGES) for (const name of page.exports) pageOf.set(name, page);
  const pages = PAGES.map((page) => ({ ...page, reflections: [] }));
  const more = { ...MORE, reflections: [] };
  for (const { reflection, entry } of exports) {
    const listed = PAGES.find((page) => page.entry === entry) ?? pageOf.get(reflection.name);
    const page = pages.find((candidate) => candidate.slug === listed?.slug) ?? more;
    page.reflections.push(reflection);
  }
  for (const page of pages) page.reflections.sort((a, b) => page.exports.indexOf(a.name) - page.exports.indexOf(b.name));
  const written = [...pages, more].filter((page) => page.reflections.length > 0);

  const location = new Map();
  for (const page of written) {
    // One slugger per page, as the site makes the headings' ids: `testAuth` then `TestAuth` are #testauth, #testauth-1.
    const slugger = new GithubSlugger();
    for (const reflection of page.reflections) {
      const href = `${baseUrl}/${page.slug}#${slugger.slug(reflection.name)}`;
      const visit = (node) => {
        location.set(node.id, href);
        for (const child of node.children ?? []) visit(child);
        for (const signature of node.signatures ?? []) location.set(signature.id, href);
      };
      visit(reflection);
    }
  }
  for (const module of ordered) {
    for (const child of module.children ?? []) if (child.kind === KIND.Reference && location.has(child.target)) location.set(child.id, location.get(child.target));
  }
  const locate = (id) => location.get(id);
  const byId = new Map(exports.map(({ reflection }) => [reflection.id, reflection]));

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const page of written) {
    const body = page.reflections.map((reflection) => exportSection(reflection, { locate, byId }, entriesOf.get(reflection.id))).join('\n');
    writeFileSync(join(outDir, `${page.slug}.mdx`), `${frontmatter(page.title, page.description)}${GENERATED_NOTE}\n${body}`);
  }

  // The index: every export by page, with the first sentence of its comment; then each entry's exports.
  const index = [frontmatter('Reference', "Every export of every entry of next-app-controllers, generated from the source."), GENERATED_NOTE];
  index.push(
    "Generated at build time from the doc comments of the library's source (`runtime/index.ts` and the other entries' files, listed under [The entries](#the-entries)): each export's signature and documentation. The build fails on an export without a doc comment and on a `{@link}` that points nowhere.",
    '',
  );
  for (const page of written) {
    index.push(`## ${page.title}`, '', page.description, '', '| Export | Kind | |', '|---|---|---|');
    for (const reflection of page.reflections) {
      const summary = cell(firstSentence(partsMarkdown(commentOf(reflection)?.summary, locate)));
      index.push(`| [\`${reflection.name}\`](${locate(reflection.id)}) | ${KIND_LABEL[reflection.kind] ?? ''} | ${summary} |`);
    }
    index.push('');
  }
  index.push('## The entries', '', 'What each entry of the package exports, documented above.', '');
  for (const module of ordered) {
    const name = entryName(module);
    const about = ENTRIES.find((entry) => entry.name === name)?.about;
    index.push(`### \`${name}\``, '', ...(about ? [about, ''] : []));
    const names = (module.children ?? [])
      .map((child) => ({ name: child.name, href: locate(child.kind === KIND.Reference ? child.target : child.id) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    if (names.length > 0) index.push(`${names.map(({ name, href }) => (href ? `[\`${name}\`](${href})` : `\`${name}\``)).join(', ')}.`, '');
  }
  writeFileSync(join(outDir, 'index.mdx'), index.join('\n'));
  // index.mdx is not listed: Fumadocs then makes it the folder's own page (the sidebar's "Reference" opens it).
  writeFileSync(join(outDir, 'meta.json'), `${JSON.stringify({ title: 'Reference', pages: written.map((page) => page.slug) }, null, 2)}\n`);
  return ['index', ...written.map((page) => page.slug)];
}

function firstSentence(markdown) {
  const flat = markdown.replace(/\s*\n\s*/g, ' ').trim();
  // The first period followed by a space outside a code span ends the sentence.
  let inCode = false;
  for (let index = 0; index < flat.length; index += 1) {
    if (flat[index] === '`') inCode = !inCode;
    else if (!inCode && flat[index] === '.' && (index === flat.length - 1 || flat[index + 1] === ' ') && !/\b(?:e\.g|i\.e|etc|vs)$/.test(flat.slice(0, index))) {
      return flat.slice(0, index + 1);
    }
  }
  return flat;
}

export async function generateReference({
  entryPoints = ENTRIES.map((entry) => join(ROOT, entry.source)),
  tsconfig = join(DOCS, 'tsconfig.reference.json'),
  outDir = join(DOCS, 'content/docs/reference'),
} = {}) {
  const project = await convert({ entryPoints, tsconfig });
  return renderReference(project, outDir);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { entry: { type: 'string', multiple: true }, tsconfig: { type: 'string' }, out: { type: 'string' } } });
  try {
    const started = performance.now();
    const pages = await generateReference({
      entryPoints: values.entry?.map((entry) => resolve(entry)),
      tsconfig: values.tsconfig && resolve(values.tsconfig),
      outDir: values.out && resolve(values.out),
    });
    console.log(`reference: ${pages.length} pages (${pages.join(', ')}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    console.error(`reference: ${error.message}`);
    process.exit(1);
  }
}

