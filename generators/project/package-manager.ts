import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn', 'bun'] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

/** Lockfiles in the order they are looked for; the first found in the nearest folder decides. */
const LOCKFILES: readonly [string, PackageManager][] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
];

/**
 * The package manager of an existing project, from its lockfile: in the project folder, else in the nearest folder
 * above it (a workspace member's lockfile sits at the workspace root). Undefined when there is none.
 */
export function packageManagerFromLockfile(projectRoot: string): PackageManager | undefined {
  for (let dir = projectRoot; ; dir = dirname(dir)) {
    const found = LOCKFILES.find(([file]) => existsSync(join(dir, file)));
    if (found) return found[1];
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The package manager that started this process, from `npm_config_user_agent`, which npm, pnpm, Yarn and Bun all
 * set (`pnpm/9.15.0 npm/? node/v20.20.2 linux x64`). This is how create-next-app picks one, too.
 */
export function packageManagerFromUserAgent(userAgent = process.env.npm_config_user_agent): PackageManager | undefined {
  const name = userAgent?.split('/')[0];
  return PACKAGE_MANAGERS.find((manager) => manager === name);
}

/**
 * The command that adds dependencies: `npm install a b`, `pnpm add a b`, `yarn add a b`, `bun add a b`; with `dev`,
 * as devDependencies (`-D`, which all four take).
 */
export function addCommand(manager: PackageManager, specs: readonly string[], dev = false): [string, string[]] {
  return [manager, [manager === 'npm' ? 'install' : 'add', ...(dev ? ['-D'] : []), ...specs]];
}

/** `addCommand` as one line to print. */
export function addCommandLine(manager: PackageManager, specs: readonly string[], dev = false): string {
  const [command, args] = addCommand(manager, specs, dev);
  return [command, ...args].join(' ');
}

/**
 * The environment for a package manager or npx started by the CLI: ours without the `npm_config_*` variables that
 * npm exports to the processes it runs. Under `npx --package=<spec> next-app-controllers`, `npm_config_package` made
 * the inner `npx create-next-app@latest` look for that bin in our package. The child still reads the user's
 * .npmrc files itself (registry, cache, credentials).
 */
export function childEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('npm_config_')));
}

/** How to run a bin installed in the project: `npx x`, `pnpm exec x`, `yarn x`, `bunx x`. */
export function execCommandLine(manager: PackageManager, bin: string): string {
  return `${{ npm: 'npx', pnpm: 'pnpm exec', yarn: 'yarn', bun: 'bunx' }[manager]} ${bin}`;
}
