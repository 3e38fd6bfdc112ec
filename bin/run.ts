import { createLogger, QueuedAdapter, TerminalAdapter } from '@yeoman/adapter';
import type { InputOutputAdapter } from '@yeoman/types';
import { createEnv } from 'yeoman-environment';
import ActionsGenerator from '../generators/actions/index';
import ClientGenerator from '../generators/client/index';
import ControllerGenerator from '../generators/controller/index';
import InitGenerator from '../generators/init/index';
import NewGenerator from '../generators/new/index';
import ResourceGenerator from '../generators/resource/index';
import { NonInteractiveAdapter } from './adapter';
import type { CommandOptions, ProjectGenerator, Summary } from '../generators/core/base';
import type { GeneratorCommandName } from '../generators/core/commands';
import { PACKAGE_ROOT } from '../generators/paths';

export const GENERATORS = {
  new: NewGenerator,
  init: InitGenerator,
  controller: ControllerGenerator,
  resource: ResourceGenerator,
  client: ClientGenerator,
  actions: ActionsGenerator,
} as const satisfies Record<GeneratorCommandName, unknown>;

export type GeneratorName = GeneratorCommandName;

export const NAMESPACE = 'next-app-controllers';

export interface RunOptions {
  cwd: string;
  args?: string[];
  options?: CommandOptions;
  /**
   * Whether a conflict may be asked about. Defaults to `process.stdin.isTTY`: without a terminal there is no prompt
   * and existing files are kept (Yeoman's prompt would throw on a closed stdin and hang on an open pipe).
   */
  interactive?: boolean;
  /** Replaces the terminal adapter (tests pass @yeoman/adapter's TestAdapter with mocked answers). */
  adapter?: InputOutputAdapter;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
}

/**
 * Registers every generator under `next-app-controllers:<name>` (so `new` can compose `init`). They are classes
 * bundled with the CLI, so no module path is registered: each sets its own templates folder.
 */
function registerAll(env: ReturnType<typeof createEnv>): void {
  for (const [name, Generator] of Object.entries(GENERATORS)) {
    env.register(Generator, { namespace: `${NAMESPACE}:${name}`, packagePath: PACKAGE_ROOT });
  }
}

/** Runs one generator through yeoman-environment and returns its summary. Errors reject with the generator's error. */
export async function runGenerator(name: GeneratorName, run: RunOptions): Promise<Summary> {
  const interactive = run.interactive ?? Boolean(process.stdin.isTTY);
  // `update` is the status of edits to files the user owns (generators/core/base.ts); the default logger has no such method.
  const log = createLogger<unknown, 'update'>({ stdout: run.stdout, stderr: run.stderr, colors: { update: 'yellow' } });
  const streams = { stdout: run.stdout, stderr: run.stderr, log };
  const adapter = run.adapter ?? (interactive ? new TerminalAdapter(streams) : new NonInteractiveAdapter(streams));
  const options = run.options ?? {};
  const env = createEnv({
    cwd: run.cwd,
    adapter: new QueuedAdapter({ adapter }),
    force: Boolean(options.force),
    skipInstall: Boolean(options.skipInstall),
  });
  registerAll(env);
  const generator = (await env.create(`${NAMESPACE}:${name}`, {
    generatorArgs: run.args ?? [],
    generatorOptions: { ...options, skipCache: true },
  })) as unknown as ProjectGenerator;
  await env.runGenerator(generator as never);
  return generator._result();
}
