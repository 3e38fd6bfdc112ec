/**
 * The arguments and options of every command, declared once: each generator declares its own through Yeoman's
 * `this.argument`/`this.option` from here, and the bin builds its parser, its `--help` and its "valid options" list
 * from the same entries.
 */
export interface ArgumentSpec {
  name: string;
  description: string;
}

export interface OptionSpec {
  /** The key in the generator's `this.options`. */
  name: string;
  /** The command-line flag, without the dashes. */
  flag: string;
  description: string;
  /** Set for an option that takes a value (`--out <file>`): the value's name in `--help`. Otherwise a boolean flag. */
  value?: string;
}

export interface CommandSpec {
  /** What the user types after `next-app-controllers`. */
  command: string;
  alias?: string;
  summary: string;
  description: string;
  arguments: ArgumentSpec[];
  options: OptionSpec[];
}

const swagger: OptionSpec = {
  name: 'swagger',
  flag: 'swagger',
  description: 'Also scaffold /api/openapi.json and /api-docs, and set what they need in next.config.*',
};
const docsUi: OptionSpec = {
  name: 'docsUi',
  flag: 'docs-ui',
  value: 'swagger|scalar',
  description: 'The docs page at /api-docs: Swagger UI (swagger-ui-dist, the default) or Scalar (@scalar/api-reference); implies --swagger',
};
const mcp: OptionSpec = {
  name: 'mcp',
  flag: 'mcp',
  description: 'Also scaffold app/mcp/route.ts: the routes marked @McpTool() as MCP tools (installs @modelcontextprotocol/sdk)',
};
const force: OptionSpec = {
  name: 'force',
  flag: 'force',
  description: 'Overwrite existing files without asking (otherwise: ask in a terminal, keep them in scripts)',
};
const skipInstall: OptionSpec = {
  name: 'skipInstall',
  flag: 'skip-install',
  description: 'Do not install dependencies; print the commands that would',
};
const skipGit: OptionSpec = {
  name: 'skipGit',
  flag: 'skip-git',
  description: 'Do not make a git repository (otherwise: git init and a first commit, as create-next-app does)',
};
const usePackageManager = (manager: string): OptionSpec => ({
  name: `use${manager[0].toUpperCase()}${manager.slice(1)}`,
  flag: `use-${manager}`,
  description: `Use ${manager} (passed on to create-next-app); otherwise the manager that runs the CLI, else npm`,
});

const out: OptionSpec = {
  name: 'out',
  flag: 'out',
  value: 'file',
  description: 'Where to write the document (default openapi.json at the project root)',
};
const check: OptionSpec = {
  name: 'check',
  flag: 'check',
  description: 'Write nothing; list what changed, each breaking or not; exit 1 on a breaking change (or stale client types)',
};
const types: OptionSpec = {
  name: 'types',
  flag: 'types',
  description: "Write the client's types (lib/api/schema.d.ts, as generate client does) instead of the document",
};
const watchTypes: OptionSpec = {
  name: 'watch',
  flag: 'watch',
  description: "Write the client's types again after each change to the sources, until stopped (instrumentation.ts starts it under next dev)",
};
const vercel: OptionSpec = {
  name: 'vercel',
  flag: 'vercel',
  description: 'Write the crons of vercel.json (keeping its other keys)',
};
const schedulesCheck: OptionSpec = {
  name: 'check',
  flag: 'check',
  description: 'With --vercel: write nothing; exit 1 when vercel.json does not match the @Scheduled methods',
};
const query: OptionSpec = {
  name: 'query',
  flag: 'query',
  description: 'Also TanStack Query on the client: lib/api/query.ts, query-provider.tsx and prefetch.ts (server prefetch)',
};
const apiVersion: OptionSpec = {
  name: 'apiVersion',
  flag: 'api-version',
  value: 'version',
  description: 'The document of one API version (createApplication({ versioning })), e.g. --api-version 2',
};
const strict: OptionSpec = {
  name: 'strict',
  flag: 'strict',
  description: 'With --check: exit 1 on any difference, breaking or not',
};
const format: OptionSpec = {
  name: 'format',
  flag: 'format',
  value: 'text|json',
  description: 'With --check: json prints the result as one JSON object for other tools (default text)',
};

const schema: OptionSpec = {
  name: 'schema',
  flag: 'schema',
  value: 'library',
  description:
    'Write schemas of zod, valibot or arktype (installed when package.json lacks it), or class-validator DTO classes; by default, what the other features use, else DTO classes',
};

const featureName: ArgumentSpec = { name: 'name', description: 'posts, blog-post or BlogPost: the folder, route prefix and class names' };

export const COMMANDS = {
  new: {
    command: 'new',
    summary: 'Create a Next.js App Router project and wire it',
    description:
      'Creates ./<name> with create-next-app (TypeScript, App Router, src/, @/* alias), then wires it like `init`\nand makes it a git repository with a first commit (unless --skip-git). Fails when ./<name> already exists.',
    arguments: [{ name: 'name', description: 'The folder to create, also the npm package name (my-app)' }],
    options: [swagger, docsUi, mcp, skipInstall, skipGit, ...['npm', 'pnpm', 'yarn', 'bun'].map(usePackageManager)],
  },
  init: {
    command: 'init',
    summary: 'Wire the Next.js App Router project in the current folder',
    description:
      'Writes the app module (src/app.ts or app.ts) and the catch-all route app/api/[[...route]]/route.ts, adds the\ndecorator options to tsconfig.json and installs the dependencies with the package manager of the lockfile.',
    arguments: [],
    options: [swagger, docsUi, mcp, force, skipInstall],
  },
  controller: {
    command: 'generate controller',
    alias: 'g controller',
    summary: 'Add a controller (list, get, create) and its DTO',
    description:
      'Writes features/<name>/controller.ts and dto.ts (under src/ when the project has one) and registers the\ncontroller in the app module.' +
      ' With --schema (or when the other features use schemas), schemas.ts instead of dto.ts: Zod, Valibot or ArkType schemas.',
    arguments: [featureName],
    options: [force, schema, skipInstall],
  },
  resource: {
    command: 'generate resource',
    alias: 'g resource',
    summary: 'Add a whole resource: list, get, create, replace, update, delete',
    description:
      'Writes features/<name>/controller.ts (list @Paginated by offset, get, create, PUT replace, PATCH update, DELETE)\nand dto.ts (create, response, update DTOs), and registers the controller in the app module.' +
      ' With --schema (or when the other features use schemas), schemas.ts instead of dto.ts: Zod, Valibot or ArkType schemas.',
    arguments: [featureName],
    options: [force, schema, skipInstall],
  },
  actions: {
    command: 'generate actions',
    alias: 'g actions',
    summary: "Add Server Actions of a feature's routes that write",
    description:
      "Writes features/<name>/actions.ts (under src/ when the project has one): a 'use server' module with one typed\n" +
      'Server Action per POST, PUT, PATCH and DELETE route of features/<name>/controller.ts, named after the method\n' +
      '(next-app-controllers/actions). Run it again after a route changed: a changed file is asked about, --force replaces it.',
    arguments: [{ name: 'name', description: 'The feature: its folder under features/ (tasks, blog-post)' }],
    options: [force],
  },
  client: {
    command: 'generate client',
    alias: 'g client',
    summary: 'Add a typed client of the API: browser, server components, Server Actions',
    description:
      'Writes lib/api/schema.d.ts (types of the OpenAPI document, by openapi-typescript; written again on every run),\n' +
      'lib/api/client.ts (an openapi-fetch client) and lib/api/server.ts (the same client answered in process by app.fetch),\n' +
      'under src/ when the project has one, and installs openapi-fetch and openapi-typescript.\n' +
      'With --query, also lib/api/query.ts ($api: TanStack Query through openapi-react-query, infiniteQueryOptions),\n' +
      'query-provider.tsx (QueryProvider) and prefetch.ts (server prefetch under the same keys), and installs\n' +
      '@tanstack/react-query and openapi-react-query; on a project that has a client, it adds them beside it.',
    arguments: [],
    options: [force, skipInstall, apiVersion, query],
  },
  openapi: {
    command: 'openapi',
    summary: 'Write the OpenAPI document from the sources (no server, no build)',
    description:
      'Writes the document GET /api/openapi.json answers under `next start` (by the app\'s openapi.json route when it has one,\n' +
      'else of the applications of the app module) to openapi.json; with --api-version, the document of that version\n' +
      '(the route gets ?version=<version>). With --check, writes nothing and lists what differs from the file, each change\n' +
      'breaking or not; it exits 1 on a breaking change, on any change with --strict, and when the client\'s types are stale.\n' +
      'With --types, writes the client\'s types (lib/api/schema.d.ts) instead; with --watch, again after each change to the\n' +
      'sources (the instrumentation.ts init writes starts it under next dev).',
    arguments: [],
    options: [out, check, apiVersion, strict, format, types, watchTypes],
  },
  schedules: {
    command: 'schedules',
    summary: 'List the @Scheduled jobs; with --vercel, write the crons of vercel.json',
    description:
      'Reads the @Scheduled methods of the app module\'s applications from the sources (no server, no build) and lists them.\n' +
      'With --vercel, writes the crons of vercel.json, one { path: <basePath>/_cron/<name>, schedule } per job, keeping\n' +
      'its other keys and crons; a schedule with a seconds field or a time zone is refused (Vercel runs crons by the\n' +
      'minute, in UTC). With --check, writes nothing and exits 1 when vercel.json does not match.',
    arguments: [],
    options: [vercel, schedulesCheck],
  },
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;
/** The commands run by a Yeoman generator (`openapi` and `schedules` only read the sources and write one generated file). */
export type GeneratorCommandName = Exclude<CommandName, 'openapi' | 'schedules'>;

/** The part of a Yeoman generator `declareInputs` needs. */
interface DeclaresInputs {
  argument(name: string, config: { type: StringConstructor; required: boolean; description: string }): unknown;
  option(name: string, config: { type: BooleanConstructor | StringConstructor; description: string }): unknown;
}

/** Declares a command's arguments and options on its generator, through Yeoman's own API. */
export function declareInputs(generator: DeclaresInputs, name: CommandName): void {
  const spec: CommandSpec = COMMANDS[name];
  for (const argument of spec.arguments) {
    generator.argument(argument.name, { type: String, required: true, description: argument.description });
  }
  for (const option of spec.options as readonly OptionSpec[]) {
    generator.option(option.name, { type: option.value ? String : Boolean, description: option.description });
  }
}
