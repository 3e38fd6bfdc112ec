import { parseArgs, type ParseArgsConfig } from 'node:util';
import { cliVersion } from '../generators/lib/install';
import { runGenerator, type GeneratorName } from '../generators/lib/run';

type Options = NonNullable<ParseArgsConfig['options']>;

interface Command {
  generator: GeneratorName;
  usage: string;
  positionals: string[];
  options: Options;
}

const FLAGS = {
  swagger: { type: 'boolean' },
  force: { type: 'boolean' },
  'skip-install': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Options;

const COMMANDS: Record<string, Command> = {
  new: {
    generator: 'new',
    positionals: ['name'],
    options: { swagger: FLAGS.swagger, force: FLAGS.force, 'skip-install': FLAGS['skip-install'], help: FLAGS.help },
    usage: `Usage: next-app-controllers new <name> [--swagger] [--skip-install]

Creates a Next.js App Router project in ./<name> with create-next-app (TypeScript, src/, @/* alias, npm),
then wires it like \`init\`. Fails when ./<name> already exists.

Options:
  --swagger       Also scaffold /api/openapi.json and /api-docs
  --skip-install  Do not install dependencies
  -h, --help      Show this help`,
  },
  init: {
    generator: 'init',
    positionals: [],
    options: { swagger: FLAGS.swagger, force: FLAGS.force, 'skip-install': FLAGS['skip-install'], help: FLAGS.help },
    usage: `Usage: next-app-controllers init [--swagger] [--force] [--skip-install]

Wires the Next.js App Router project in the current folder: the app module (src/app.ts or app.ts), the
catch-all route app/api/[[...route]]/route.ts, the decorator options in tsconfig.json, and the dependencies.

Options:
  --swagger       Also scaffold /api/openapi.json and /api-docs, and set serverExternalPackages and
                  experimental.serverMinification in next.config.*
  --force         Overwrite existing files without asking (otherwise: ask in a terminal, keep them in scripts)
  --skip-install  Do not install dependencies
  -h, --help      Show this help`,
  },
  'generate controller': {
    generator: 'controller',
    positionals: ['name'],
    options: { force: FLAGS.force, help: FLAGS.help },
    usage: `Usage: next-app-controllers generate controller <name>   (alias: g controller <name>)

Writes features/<name>/controller.ts and dto.ts (under src/ when the project has one) and registers the
controller in the app module. <name> is like posts, blog-post or BlogPost.

Options:
  --force         Overwrite existing files without asking
  -h, --help      Show this help`,
  },
};

export const USAGE = `Usage: next-app-controllers <command> [options]

Commands:
  new <name>                   Create a Next.js App Router project and wire it
  init                         Wire the Next.js App Router project in the current folder
  generate controller <name>   Add a controller and its DTO (alias: g controller <name>)

Options:
  -h, --help                   Show help (also after a command: next-app-controllers init --help)
  -v, --version                Show the version`;

export interface Io {
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

const defaultIo: Io = {
  cwd: process.cwd(),
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** Parses the arguments, runs the command's generator and returns the exit code (2 for a usage error). */
export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  const usageError = (message: string, usage = USAGE): number => {
    io.err(`${message}\n\n${usage}`);
    return 2;
  };
  const [first, second] = argv;
  if (first === undefined) return usageError('Missing command.');
  if (first === '--version' || first === '-v') {
    io.out(cliVersion());
    return 0;
  }
  if (first === '--help' || first === '-h') {
    io.out(USAGE);
    return 0;
  }

  let key = first;
  let rest = argv.slice(1);
  if (first === 'generate' || first === 'g') {
    if (second === '--help' || second === '-h' || second === undefined) {
      if (second === undefined) return usageError('Missing what to generate: `generate controller <name>`.', COMMANDS['generate controller'].usage);
      io.out(COMMANDS['generate controller'].usage);
      return 0;
    }
    if (second !== 'controller') {
      return usageError(`Unknown generator "${second}": only \`generate controller <name>\` exists.`, COMMANDS['generate controller'].usage);
    }
    key = 'generate controller';
    rest = argv.slice(2);
  }
  const command = COMMANDS[key];
  if (!command) return usageError(`Unknown command "${first}".`);

  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: command.options, allowPositionals: true, strict: true });
  } catch (error) {
    return usageError(`${(error as Error).message.split('. ')[0]}.`.replace(/\.\.$/, '.'), command.usage);
  }
  if (parsed.values.help) {
    io.out(command.usage);
    return 0;
  }
  if (parsed.positionals.length < command.positionals.length) {
    return usageError(`Missing <${command.positionals[parsed.positionals.length]}>.`, command.usage);
  }
  if (parsed.positionals.length > command.positionals.length) {
    return usageError(`Unexpected argument "${parsed.positionals[command.positionals.length]}".`, command.usage);
  }

  try {
    await runGenerator(command.generator, {
      cwd: io.cwd,
      args: parsed.positionals,
      options: {
        swagger: Boolean(parsed.values.swagger),
        force: Boolean(parsed.values.force),
        skipInstall: Boolean(parsed.values['skip-install']),
      },
    });
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.err(`\nnext-app-controllers ${key}: ${message}`);
    if (process.env.NEXT_APP_CONTROLLERS_DEBUG && error instanceof Error) io.err(error.stack ?? '');
    return 1;
  }
}
