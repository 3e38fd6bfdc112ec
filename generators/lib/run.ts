import { QueuedAdapter, TerminalAdapter } from '@yeoman/adapter';
import type { InputOutputAdapter } from '@yeoman/types';
import { createEnv } from 'yeoman-environment';
import { join } from 'node:path';
import ControllerGenerator from '../controller/index';
import InitGenerator from '../init/index';
import NewGenerator from '../new/index';
import { NonInteractiveAdapter } from './adapter';
import type { CommandOptions, ProjectGenerator, Summary } from './base';
import { PACKAGE_ROOT } from './paths';

export const GENERATORS = {
  new: { Generator: NewGenerator, folder: 'new' },
  init: { Generator: InitGenerator, folder: 'init' },
  controller: { Generator: ControllerGenerator, folder: 'controller' },
} as const;

export type GeneratorName = keyof typeof GENERATORS;

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

/** Runs one generator through yeoman-environment and returns its summary. Errors reject with the generator's error. */
export async function runGenerator(name: GeneratorName, run: RunOptions): Promise<Summary> {
  const { Generator, folder } = GENERATORS[name];
  const interactive = run.interactive ?? Boolean(process.stdin.isTTY);
  const streams = { stdout: run.stdout, stderr: run.stderr };
  const adapter = run.adapter ?? (interactive ? new TerminalAdapter(streams) : new NonInteractiveAdapter(streams));
  const options = run.options ?? {};
  const env = createEnv({
    cwd: run.cwd,
    adapter: new QueuedAdapter({ adapter }),
    force: Boolean(options.force),
    skipInstall: Boolean(options.skipInstall),
  });
  const namespace = `next-app-controllers:${name}`;
  env.register(Generator as never, { namespace, resolved: join(PACKAGE_ROOT, 'generators', folder, 'index.ts') });
  const generator = (await env.create(namespace, {
    generatorArgs: run.args ?? [],
    generatorOptions: { ...options, skipCache: true },
  })) as unknown as ProjectGenerator;
  await env.runGenerator(generator as never);
  return generator.summary;
}
