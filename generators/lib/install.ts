import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { PACKAGE_ROOT } from './paths';
import { listedDependencies, UserError, type PackageJson } from './project';

export const LIBRARY_NAME = 'next-app-controllers';

/** Root of the package the CLI runs from (a source checkout or an installed copy). */
export const CLI_ROOT = PACKAGE_ROOT;

interface DependencyVersions {
  dependencies: Record<string, string>;
  swaggerDependencies: Record<string, string>;
}

export function dependencyVersions(): DependencyVersions {
  const file = join(PACKAGE_ROOT, 'generators', 'dependency-versions', 'package.json');
  return JSON.parse(readFileSync(file, 'utf8')) as DependencyVersions;
}

export function cliVersion(): string {
  return (JSON.parse(readFileSync(join(CLI_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** `name@range` for every package the project needs and its package.json does not list yet (library excluded). */
export function missingPackages(pkg: PackageJson, swagger: boolean): string[] {
  const versions = dependencyVersions();
  const wanted = { ...versions.dependencies, ...(swagger ? versions.swaggerDependencies : {}) };
  const listed = listedDependencies(pkg);
  return Object.entries(wanted)
    .filter(([name]) => !listed.has(name))
    .map(([name, range]) => `${name}@${range}`);
}

export interface CommandResult {
  code: number;
  stdout: string;
}

/** Runs a command; `inherit` shows its output to the user (npm install), otherwise it is captured. */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; inherit?: boolean; timeoutMs?: number },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      stdio: options.inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
      timeout: options.timeoutMs,
    });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.resume();
    child.on('error', (error) => reject(new UserError(`Could not run \`${command}\`: ${error.message}`)));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout }));
  });
}

/** True when the CLI runs from a package installed into some node_modules folder (npx, a dependency). */
export function runsFromInstalledPackage(root = CLI_ROOT): boolean {
  return root.split(sep).includes('node_modules');
}

/**
 * What to `npm install` for the library itself:
 * - installed from a registry that serves this version → `next-app-controllers@<version>`;
 * - a source checkout, or an installed copy no registry serves (a tarball, a `file:` path) → `npm pack` of the
 *   package the CLI runs from, into the project folder, installed as `file:<tarball>`.
 */
export async function librarySpec(projectRoot: string, log: (line: string) => void): Promise<string> {
  const version = cliVersion();
  if (process.env.NEXT_APP_CONTROLLERS_LIBRARY_SPEC) return process.env.NEXT_APP_CONTROLLERS_LIBRARY_SPEC;
  if (runsFromInstalledPackage()) {
    const view = await runCommand('npm', ['view', `${LIBRARY_NAME}@${version}`, 'version'], {
      cwd: projectRoot,
      timeoutMs: 30_000,
    }).catch(() => ({ code: 1, stdout: '' }));
    if (view.code === 0 && view.stdout.trim() === version) return `${LIBRARY_NAME}@${version}`;
    log(`${LIBRARY_NAME}@${version} is not on the registry: packing the copy the CLI runs from (${CLI_ROOT}).`);
  } else {
    log(`Running from a source checkout (${CLI_ROOT}): packing it with \`npm pack\` (this builds the library).`);
  }
  // An installed copy already holds its built files and has no build config: pack it without lifecycle scripts.
  const args = ['pack', CLI_ROOT, '--pack-destination', projectRoot, '--json'];
  if (runsFromInstalledPackage()) args.push('--ignore-scripts');
  const pack = await runCommand('npm', args, { cwd: CLI_ROOT });
  const tarball = parsePackOutput(pack.stdout);
  if (pack.code !== 0 || !tarball || !existsSync(join(projectRoot, tarball))) {
    throw new UserError(`\`npm ${args.join(' ')}\` failed (exit code ${pack.code}); install ${LIBRARY_NAME} by hand.`);
  }
  return `file:${tarball}`;
}

function parsePackOutput(stdout: string): string | undefined {
  // npm prints lifecycle script output before the JSON when it builds; the JSON is the last top-level array.
  const start = stdout.lastIndexOf('\n[');
  try {
    const parsed = JSON.parse(start >= 0 ? stdout.slice(start + 1) : stdout) as { filename: string }[];
    return parsed[0]?.filename;
  } catch {
    return undefined;
  }
}

export async function npmInstall(projectRoot: string, specs: string[]): Promise<void> {
  const result = await runCommand('npm', ['install', ...specs], { cwd: projectRoot, inherit: true });
  if (result.code !== 0) {
    throw new UserError(
      `\`npm install ${specs.join(' ')}\` failed with exit code ${result.code} (see its output above). The files are written; run that command again by hand.`,
    );
  }
}

