/**
 * A user's app, installed the way a user installs it: test/fixtures/isolated-app copied into a temporary folder
 * outside the repository (so Node and the bundlers cannot reach the repository's devDependencies), with the packed
 * library tarball and only the packages a variant lists.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './harness';

export const ISOLATED_FIXTURE = join(ROOT, 'test', 'fixtures', 'isolated-app');
/** create-next-app@15's line, for the Next.js 15 variant. */
export const NEXT_15 = '15.5.29';
/** The docs packages: optional peers of the library. */
export const DOCS_PACKAGES = ['class-validator-jsonschema', 'swagger-ui-dist'];
/** The schema libraries the fixture's Zod and Valibot controllers import (issue 34): the app's own dependencies. */
export const SCHEMA_PACKAGES = ['zod', 'valibot'];
/**
 * jose, the optional peer that verifies the fixture's JWTs, and Better Auth, whose own handler the fixture mounts
 * under /api/auth (its account controller, issue 41): every install has them.
 */
export const AUTH_PACKAGES = ['jose', 'better-auth@1.7.25'];
/** The fixture's services controller (issue 43): the Redis client of its shared store, and pino for its log. */
export const SERVICES_PACKAGES = ['ioredis', 'pino'];
/** What the document of the fixture's Valibot schemas needs (Valibot has no Standard JSON Schema). */
export const SCHEMA_DOCUMENT_PACKAGES = ['@valibot/to-json-schema'];
/** The same, and what the typed client needs. */
export const SCHEMA_DOCS_PACKAGES = [...SCHEMA_DOCUMENT_PACKAGES, 'openapi-fetch', 'openapi-typescript'];
/** The MCP SDK (an optional peer) and zod, its required peer. */
export const MCP_PACKAGES = ['@modelcontextprotocol/sdk', 'zod'];

/** The version the repository itself installed, so isolated apps test what the lock pins. */
export function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

/** An environment without the `npm_*` variables of the `npm test` that runs us: they would steer a nested install. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NEXT_TELEMETRY_DISABLED: '1' };
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
  return env;
}

function run(command: string, args: string[], cwd: string, timeout = 600_000): string {
  const result = spawnSync(command, args, { cwd, env: cleanEnv(), encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

let tarball: string | undefined;

/** `npm pack` of the repository (dist/ must be built: test:e2e builds it first), once per test process. */
export function packLibrary(): string {
  if (tarball) return tarball;
  const folder = mkdtempSync(join(tmpdir(), 'nac-pack-'));
  run('npm', ['pack', '--ignore-scripts', '--pack-destination', folder], ROOT);
  tarball = join(folder, readdirSync(folder).find((name) => name.endsWith('.tgz'))!);
  return tarball;
}

export interface IsolatedAppOptions {
  /** The Next.js version to install. */
  next: string;
  /** Packages beyond next, react and the required peers (the docs packages, for instance): a name (the version the
   * repository installed) or `name@version`. */
  extra?: string[];
  /** Another fixture folder than test/fixtures/isolated-app. */
  fixture?: string;
  /** Only next, react, react-dom and the required peers (class-validator, class-transformer), and `extra`. */
  minimal?: boolean;
}

/** The app's package.json: the packed library, the Next.js version under test, the rest pinned. */
function appManifest(name: string, { next, extra = [], minimal = false }: IsolatedAppOptions) {
  const pinned = (spec: string) => {
    const at = spec.lastIndexOf('@');
    return at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, installedVersion(spec)];
  };
  return {
    name,
    private: true,
    dependencies: Object.fromEntries([
      ['next', next],
      ['next-app-controllers', `file:${packLibrary()}`],
      // The fixture's Zod and Valibot controllers import their libraries: every install of it has them.
      ...[...new Set(['react', 'react-dom', 'class-validator', 'class-transformer', ...(minimal ? [] : [...SCHEMA_PACKAGES, ...AUTH_PACKAGES, ...SERVICES_PACKAGES]), ...extra])].map(pinned),
    ]),
    devDependencies: Object.fromEntries(['typescript', '@types/react', '@types/node'].map(pinned)),
  };
}

const writeJson = (file: string, value: unknown) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

/** Copies the fixture into a fresh temporary folder and installs it; returns the folder. */
export function installIsolatedApp(options: IsolatedAppOptions): string {
  const dir = mkdtempSync(join(tmpdir(), `nac-isolated-next${Number.parseInt(options.next, 10)}-`));
  cpSync(options.fixture ?? ISOLATED_FIXTURE, dir, { recursive: true });
  writeJson(join(dir, 'package.json'), appManifest('isolated-app', options));
  run('npm', ['install', '--no-audit', '--no-fund'], dir);
  return dir;
}

/** pnpm, as the repository installs it (a devDependency), for the pnpm workspace. */
export const PNPM = join(ROOT, 'node_modules', '.bin', 'pnpm');

/**
 * The fixture as the member `apps/web` of a workspace, installed from the workspace root. npm hoists the library,
 * Next.js and the peers into the root's node_modules; pnpm keeps them in the root's node_modules/.pnpm and links the
 * app's direct dependencies into apps/web/node_modules. Returns the workspace root; the app is `apps/web`.
 */
export function installWorkspaceApp(options: IsolatedAppOptions, manager: 'npm' | 'pnpm' = 'npm'): string {
  const root = mkdtempSync(join(tmpdir(), `nac-${manager}-workspace-`));
  const app = join(root, 'apps', 'web');
  cpSync(ISOLATED_FIXTURE, app, { recursive: true });
  writeJson(join(app, 'package.json'), appManifest('web', options));
  if (manager === 'npm') {
    writeJson(join(root, 'package.json'), { name: 'monorepo', private: true, workspaces: ['apps/*'] });
    run('npm', ['install', '--no-audit', '--no-fund'], root);
  } else {
    writeJson(join(root, 'package.json'), { name: 'monorepo', private: true });
    writeFileSync(join(root, 'pnpm-workspace.yaml'), "packages:\n  - 'apps/*'\n");
    run(PNPM, ['install', '--config.confirmModulesPurge=false'], root);
  }
  return root;
}

/** Runs the installed CLI in an app folder, as a user would with npx; `binRoot` holds node_modules/.bin (a workspace root). */
export function runInstalledCli(dir: string, args: string[], binRoot = dir): string {
  return run(join(binRoot, 'node_modules', '.bin', 'next-app-controllers'), args, dir);
}

export function removeIsolatedApp(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
