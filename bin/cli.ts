import { parseArgs, type ParseArgsConfig } from 'node:util';
import { COMMANDS, type CommandName, type CommandSpec, type OptionSpec } from '../generators/core/commands';
import { cliVersion } from '../generators/install/install';
import { runGenerator, type GeneratorName } from './run';
import { runOpenApiCommand } from '../generators/openapi/index';
import { runClientTypesCommand } from '../generators/openapi/client-types';
import { runSchedulesCommand } from '../generators/schedules/index';
import { helpRows, helpWidth, wrapParagraphs } from './help';

const GENERATE = ['controller', 'resource', 'client', 'actions'] as const;

/** `--help` of one command: its usage line, what it does, its arguments and its flags, wrapped to the width. */
export function commandUsage(spec: CommandSpec, width = helpWidth()): string {
  const flags = spec.options.map((option) => `[--${option.flag}${option.value ? ` <${option.value}>` : ''}]`).join(' ');
  const args = spec.arguments.map((argument) => `<${argument.name}>`).join(' ');
  const usageLine = `Usage: next-app-controllers ${[spec.command, args, flags].filter(Boolean).join(' ')}${spec.alias ? `   (alias: ${spec.alias})` : ''}`;
  return [
    wrapParagraphs(usageLine, width, '         '),
    '',
    // The descriptions' own line breaks were laid out for one width: reflowed to this one.
    wrapParagraphs(spec.description.replace(/\n/g, ' '), width),
    ...(spec.arguments.length > 0 ? ['', 'Arguments:', ...helpRows(spec.arguments.map((a) => [`<${a.name}>`, a.description]), width)] : []),
    '',
    'Options:',
    ...helpRows([...spec.options.map((o): [string, string] => [`--${o.flag}${o.value ? ` <${o.value}>` : ''}`, o.description]), ['-h, --help', 'Show this help']], width),
  ].join('\n');
}

/** The top-level `--help`, wrapped to the width. */
export function mainUsage(width = helpWidth()): string {
  const commands = Object.values(COMMANDS).map((spec: CommandSpec): [string, string] => [
    [spec.command, ...spec.arguments.map((a) => `<${a.name}>`)].join(' '),
    spec.summary,
  ]);
  return [
    'Usage: next-app-controllers <command> [options]',
    '',
    'Commands:',
    ...helpRows(commands, width),
    '  (g is short for generate)',
    '',
    'Options:',
    ...helpRows(
      [
        ['-h, --help', 'Show help (also after a command: next-app-controllers init --help)'],
        ['-v, --version', 'Show the version'],
      ],
      width,
    ),
    '',
    wrapParagraphs('Exit codes: 0 done, 1 the command failed (the message says why), 2 wrong usage (unknown command, flag or argument).', width),
  ].join('\n');
}

/** The top-level `--help` at 80 columns. */
export const USAGE = mainUsage(80);

export interface Io {
  cwd: string;
  /** The terminal's width, which `--help` wraps to (default: stdout's columns, else 80). */
  columns?: number;
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
  const width = helpWidth(io.columns ?? process.stdout.columns);
  const USAGE = mainUsage(width);
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

  let name: CommandName;
  let rest = argv.slice(1);
  if (first === 'generate' || first === 'g') {
    const generateUsage = GENERATE.map((kind) => commandUsage(COMMANDS[kind], width)).join('\n\n');
    if (second === '--help' || second === '-h') {
      io.out(generateUsage);
      return 0;
    }
    if (second === undefined) {
      return usageError('Missing what to generate: `generate controller <name>`, `generate resource <name>`, `generate client` or `generate actions <name>`.', generateUsage);
    }
    if (!(GENERATE as readonly string[]).includes(second)) {
      return usageError(
        `Unknown generator "${second}": use \`generate controller <name>\`, \`generate resource <name>\`, \`generate client\` or \`generate actions <name>\`.`,
        generateUsage,
      );
    }
    name = second as CommandName;
    rest = argv.slice(2);
  } else if (first === 'new' || first === 'init' || first === 'openapi' || first === 'schedules') {
    name = first;
  } else {
    return usageError(`Unknown command "${first}".`);
  }
  const spec: CommandSpec = COMMANDS[name];
  const usage = commandUsage(spec, width);

  const options: NonNullable<ParseArgsConfig['options']> = { help: { type: 'boolean', short: 'h' } };
  for (const option of spec.options as readonly OptionSpec[]) options[option.flag] = { type: option.value ? 'string' : 'boolean' };
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
  } catch (error) {
    const valid = [...spec.options.map((option) => `--${option.flag}`), '-h/--help'].join(', ');
    return usageError(`${`${(error as Error).message.split('. ')[0]}.`.replace(/\.\.$/, '.')} Valid options: ${valid}.`, usage);
  }
  if (parsed.values.help) {
    io.out(usage);
    return 0;
  }
  if (parsed.positionals.length < spec.arguments.length) {
    return usageError(`Missing <${spec.arguments[parsed.positionals.length].name}>.`, usage);
  }
  if (parsed.positionals.length > spec.arguments.length) {
    return usageError(`Unexpected argument "${parsed.positionals[spec.arguments.length]}".`, usage);
  }

  try {
    const text = (flag: string) => (typeof parsed.values[flag] === 'string' ? (parsed.values[flag] as string) : undefined);
    if (name === 'openapi' && (parsed.values.types === true || parsed.values.watch === true)) {
      return await runClientTypesCommand({ cwd: io.cwd, watch: parsed.values.watch === true, print: io.out });
    }
    if (name === 'openapi') {
      const format = text('format') ?? 'text';
      if (format !== 'text' && format !== 'json') return usageError(`--format takes text or json, got "${format}".`, usage);
      return await runOpenApiCommand({
        cwd: io.cwd,
        out: text('out'),
        check: parsed.values.check === true,
        apiVersion: text('api-version'),
        strict: parsed.values.strict === true,
        format,
        print: io.out,
        printError: io.err,
      });
    }
    if (name === 'schedules') {
      if (parsed.values.check === true && parsed.values.vercel !== true) return usageError('--check compares vercel.json: use it with --vercel.', usage);
      return await runSchedulesCommand({ cwd: io.cwd, vercel: parsed.values.vercel === true, check: parsed.values.check === true, print: io.out, printError: io.err });
    }
    await runGenerator(name satisfies GeneratorName, {
      cwd: io.cwd,
      args: parsed.positionals,
      // A flag with a value (`--schema zod`, `--api-version 2`) passes its string; the others true or false.
      options: Object.fromEntries((spec.options as readonly OptionSpec[]).map((option) => [option.name, option.value ? text(option.flag) : Boolean(parsed.values[option.flag])])),
    });
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.err(`\nnext-app-controllers ${spec.command}: ${message}`);
    if (process.env.NEXT_APP_CONTROLLERS_DEBUG && error instanceof Error) io.err(error.stack ?? '');
    return 1;
  }
}
