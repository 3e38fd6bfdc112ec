import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { UserError } from '../errors';
import { addCommand, addCommandLine, childEnvironment, type PackageManager } from '../project/package-manager';
import { PACKAGE_ROOT } from '../paths';
import { listedDependencies, type PackageJson } from '../project/project';

export const LIBRARY_NAME = 'next-app-controllers';

/** Root of the package the CLI runs from (a source checkout or an installed copy). */
export const CLI_ROOT = PACKAGE_ROOT;

interface DependencyVersions {
  dependencies: Record<string, string>;
  swaggerDependencies: Record<string, string>;
  /** What `generate controller|resource --schema <library>` adds: the schema library (and Valibot's JSON Schema converter). */
  schemaDependencies: Record<string, string>;
  /** What `generate client` adds: openapi-fetch for the app, openapi-typescript as a dev dependency. */
  clientDependencies: Record<string, string>;
  clientDevDependencies: Record<string, string>;
  /** What `generate client --query` adds: TanStack Query and openapi-react-query, pinned as a pair. */
  queryDependencies: Record<string, string>;
  scalarDependencies: Record<string, string>;
  mcpDependencies: Record<string, string>;
}

export function dependencyVersions(): DependencyVersions {
  const file = join(PACKAGE_ROOT, 'generators', 'dependency-versions', 'package.json');
  return JSON.parse(readFileSync(file, 'utf8')) as DependencyVersions;
}

export function cliVersion(): string {
  return (JSON.parse(readFileSync(join(CLI_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** `name@range` for every package the project needs and its package.json does not list yet (library excluded). */
export function missingPackages(pkg: PackageJson, choices: { docs?: 'swagger' | 'scalar'; mcp?: boolean }): string[] {
  const versions = dependencyVersions();
  const wanted = {
    ...versions.dependencies,
    ...(choices.docs === 'swagger' ? versions.swaggerDependencies : {}),
    ...(choices.docs === 'scalar' ? versions.scalarDependencies : {}),
    ...(choices.mcp ? versions.mcpDependencies : {}),
  };
  const listed = listedDependencies(pkg);
  return Object.entries(wanted)
    .filter(([name]) => !listed.has(name))
    .map(([name, range]) => `${name}@${range}`);
}

export interface CommandResult {
  code: number;
  stdout: string;
}

/**
 * Runs a command without the `npm_config_*` variables npm exports (see `childEnvironment`); `inherit` shows its
 * output to the user (installs, create-next-app), otherwise it is captured.
 */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; inherit?: boolean; timeoutMs?: number },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: childEnvironment(),
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
 * Where the library itself comes from:
 * - `registry`: a registry serves the CLI's own version → `next-app-controllers@<version>`;
 * - `pack`: a source checkout, or an installed copy no registry serves (a tarball, a `file:` path) → `npm pack` of
 *   the package the CLI runs from, into the project, installed as `file:<tarball>`.
 */
export type LibrarySource = { kind: 'registry'; spec: string } | { kind: 'pack'; from: string; ignoreScripts: boolean };

export async function librarySource(projectRoot: string): Promise<LibrarySource> {
  const version = cliVersion();
  if (process.env.NEXT_APP_CONTROLLERS_LIBRARY_SPEC) return { kind: 'registry', spec: process.env.NEXT_APP_CONTROLLERS_LIBRARY_SPEC };
  // A source checkout builds itself when packed; an installed copy already holds its built files and has no build
  // config, so it is packed without lifecycle scripts.
  if (!runsFromInstalledPackage()) return { kind: 'pack', from: CLI_ROOT, ignoreScripts: false };
  const view = await runCommand('npm', ['view', `${LIBRARY_NAME}@${version}`, 'version'], {
    cwd: projectRoot,
    timeoutMs: 30_000,
  }).catch(() => ({ code: 1, stdout: '' }));
  if (view.code === 0 && view.stdout.trim() === version) return { kind: 'registry', spec: `${LIBRARY_NAME}@${version}` };
  return { kind: 'pack', from: CLI_ROOT, ignoreScripts: true };
}

function packArguments(source: Extract<LibrarySource, { kind: 'pack' }>, destination: string): string[] {
  return ['pack', source.from, '--pack-destination', destination, ...(source.ignoreScripts ? ['--ignore-scripts'] : [])];
}

/** The tarball `npm pack` writes for this version: `next-app-controllers-0.1.0.tgz`. */
export function tarballName(): string {
  return `${LIBRARY_NAME}-${cliVersion()}.tgz`;
}

/** The commands to print for `--skip-install`: each one runs as printed, in the project folder. */
export function installCommandLines(manager: PackageManager, source: LibrarySource | undefined, specs: string[]): string[] {
  if (source?.kind === 'pack') {
    return [`npm ${packArguments(source, '.').join(' ')}`, addCommandLine(manager, [`file:${tarballName()}`, ...specs])];
  }
  const all = source ? [source.spec, ...specs] : specs;
  return all.length > 0 ? [addCommandLine(manager, all)] : [];
}

/** Packs the library into the project folder and returns the spec that installs it: `file:<tarball>`. */
export async function packLibrary(source: Extract<LibrarySource, { kind: 'pack' }>, projectRoot: string): Promise<string> {
  const args = [...packArguments(source, projectRoot), '--json'];
  const pack = await runCommand('npm', args, { cwd: source.from });
  const tarball = parsePackOutput(pack.stdout);
  if (pack.code !== 0 || !tarball || !existsSync(join(projectRoot, tarball))) {
    throw new UserError(`\`npm ${args.join(' ')}\` failed (exit code ${pack.code}); install ${LIBRARY_NAME} by hand (see its README).`);
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

/** Adds the packages with the project's package manager (as devDependencies with `dev`), showing its output. */
export async function addPackages(manager: PackageManager, projectRoot: string, specs: string[], dev = false): Promise<void> {
  const [command, args] = addCommand(manager, specs, dev);
  const result = await runCommand(command, args, { cwd: projectRoot, inherit: true });
  if (result.code !== 0) {
    throw new UserError(
      `\`${addCommandLine(manager, specs, dev)}\` failed with exit code ${result.code} (see its output above). The files are written; run that command again by hand.`,
    );
  }
}
