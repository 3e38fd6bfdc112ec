import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { InputOutputAdapter } from '@yeoman/types';
import type { CommandOptions, Summary } from '../../generators/core/base';
import { runGenerator, type GeneratorName } from '../../bin/run';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const FIXTURE = join(REPO_ROOT, 'test/fixtures/cli/app-router');
export const BIN = join(REPO_ROOT, 'bin/next-app-controllers.mjs');

const created: string[] = [];

/** A copy of the fixture App Router project in a temp folder: `src` layout (src/app) or `root` layout (app/). */
export function tempProject(layout: 'src' | 'root' = 'src'): string {
  const dir = mkdtempSync(join(tmpdir(), 'nac-cli-'));
  created.push(dir);
  cpSync(FIXTURE, dir, { recursive: true, filter: (source) => !source.includes('node_modules') && !source.endsWith('README.md') });
  if (layout === 'root') {
    renameSync(join(dir, 'src/app'), join(dir, 'app'));
    rmSync(join(dir, 'src'), { recursive: true });
    const tsconfig = join(dir, 'tsconfig.json');
    writeFileSync(tsconfig, readFileSync(tsconfig, 'utf8').replace('"./src/*"', '"./*"'));
  }
  return dir;
}

export function emptyTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nac-cli-'));
  created.push(dir);
  return dir;
}

export function cleanup(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function read(dir: string, file: string): string {
  return readFileSync(join(dir, file), 'utf8');
}

export function write(dir: string, file: string, text: string): void {
  writeFileSync(join(dir, file), text);
}

/** Every file under dir (relative, sorted) with its contents: to assert that nothing was written. */
export function snapshot(dir: string): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else result[relative(dir, path)] = readFileSync(path, 'utf8');
    }
  };
  if (existsSync(dir)) walk(dir);
  return result;
}

export interface RunResult {
  summary?: Summary;
  error?: Error;
  output: string;
}

/** Runs a generator in-process through yeoman-environment, with no terminal unless an adapter is given. */
export async function run(
  name: GeneratorName,
  cwd: string,
  args: string[] = [],
  options: CommandOptions = {},
  adapter?: InputOutputAdapter,
): Promise<RunResult> {
  const stream = new PassThrough();
  let output = '';
  stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const out = stream as unknown as NodeJS.WriteStream;
  try {
    const summary = await runGenerator(name, {
      cwd,
      args,
      options: { skipInstall: true, ...options },
      interactive: false,
      adapter,
      stdout: out,
      stderr: out,
    });
    return { summary, output };
  } catch (error) {
    return { error: error as Error, output };
  }
}
