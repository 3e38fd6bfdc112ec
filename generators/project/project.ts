import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { UserError } from '../errors';

/** Where things go in a Next.js App Router project, for both the `src/app` and the `app` layouts. */
export interface ProjectLayout {
  root: string;
  /** '' for the root layout, 'src' when the app directory is src/app. */
  sourceDir: '' | 'src';
  /** Relative to root: 'src/app' or 'app'. */
  appDir: string;
  /** Relative to root: 'src/app.ts' or 'app.ts'. */
  appModule: string;
  /** Relative to root: 'src/features' or 'features'. */
  featuresDir: string;
  /** True when tsconfig maps `@/*` to the source directory, so route files can import `@/app`. */
  hasAtAlias: boolean;
  packageJson: PackageJson;
}

export interface PackageJson {
  name?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

export function readPackageJson(root: string): PackageJson | undefined {
  const file = join(root, 'package.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
  } catch (error) {
    throw new UserError(`Could not read ${file}: ${(error as Error).message}`);
  }
}

export function listedDependencies(pkg: PackageJson): Set<string> {
  return new Set(
    [pkg.dependencies, pkg.devDependencies, pkg.peerDependencies, pkg.optionalDependencies].flatMap((group) =>
      Object.keys(group ?? {}),
    ),
  );
}

/** Reads the tsconfig `paths` entry for `@/*` and checks that it points at the source directory. */
function detectAtAlias(root: string, sourceDir: '' | 'src'): boolean {
  const file = join(root, 'tsconfig.json');
  if (!existsSync(file)) return false;
  const config = parseJsonc(readFileSync(file, 'utf8'), [], { allowTrailingComma: true }) as {
    compilerOptions?: { paths?: Record<string, unknown> };
  };
  const targets = config?.compilerOptions?.paths?.['@/*'];
  if (!Array.isArray(targets)) return false;
  const wanted = sourceDir ? ['./src/*', 'src/*'] : ['./*', '*'];
  return targets.some((target) => typeof target === 'string' && wanted.includes(target));
}

/**
 * Checks that `root` is a Next.js App Router project and says where things go. Throws a UserError (nothing written)
 * when there is no package.json, no `next` dependency or no app directory.
 */
export function detectProject(root: string): ProjectLayout {
  const packageJson = readPackageJson(root);
  if (!packageJson) {
    throw new UserError(
      `No package.json in ${root}. Run this command in the root folder of a Next.js App Router project, or create one with \`next-app-controllers new <name>\`.`,
    );
  }
  if (!listedDependencies(packageJson).has('next')) {
    throw new UserError(
      `${join(root, 'package.json')} does not list \`next\`: this is not a Next.js project. Run this command in a Next.js App Router project, or create one with \`next-app-controllers new <name>\`.`,
    );
  }
  let sourceDir: '' | 'src';
  if (isDirectory(join(root, 'src', 'app'))) sourceDir = 'src';
  else if (isDirectory(join(root, 'app'))) sourceDir = '';
  else {
    throw new UserError(
      `No app directory (src/app or app) in ${root}: next-app-controllers needs the App Router. Create app/layout.tsx and app/page.tsx first (see https://nextjs.org/docs/app).`,
    );
  }
  const prefix = sourceDir ? 'src/' : '';
  return {
    root,
    sourceDir,
    appDir: `${prefix}app`,
    appModule: `${prefix}app.ts`,
    featuresDir: `${prefix}features`,
    hasAtAlias: detectAtAlias(root, sourceDir),
    packageJson,
  };
}

/** Module specifier from one project file to another, without the extension: `../../../app`, `./features/x/controller`. */
export function relativeImport(fromFile: string, toFile: string): string {
  // Strip the extension after computing the path: for app.ts next to app/, `app` alone would be the directory.
  let specifier = relative(dirname(fromFile), toFile).split(sep).join('/').replace(/\.(ts|tsx|js|mjs)$/, '');
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  return specifier;
}

/** How route files import the application module: `@/app` with the alias, a relative path without it. */
export function appModuleImport(layout: ProjectLayout, fromFile: string): string {
  return layout.hasAtAlias ? '@/app' : relativeImport(fromFile, layout.appModule);
}

/**
 * The major version of the project's Next.js: the installed one, else the lowest the `next` range in package.json
 * allows (`^15.5.4` → 15). Undefined when neither tells (`latest`, a git URL).
 */
export function nextMajorVersion(root: string): number | undefined {
  const installed = join(root, 'node_modules', 'next', 'package.json');
  if (existsSync(installed)) {
    const { version } = JSON.parse(readFileSync(installed, 'utf8')) as { version?: string };
    const major = Number.parseInt(version ?? '', 10);
    if (Number.isInteger(major)) return major;
  }
  const pkg = readPackageJson(root);
  const range = pkg?.dependencies?.next ?? pkg?.devDependencies?.next;
  const major = /^[\^~>=v\s]*(\d+)/.exec(range ?? '')?.[1];
  return major === undefined ? undefined : Number(major);
}

/**
 * The root of the npm, Yarn or pnpm workspace the project is a member of (a folder above it whose package.json lists
 * `workspaces`, or that holds pnpm-workspace.yaml), where its packages may be hoisted. Undefined outside a workspace.
 */
export function workspaceRoot(root: string): string | undefined {
  for (let dir = dirname(root); dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const pkg = existsSync(join(dir, 'package.json')) ? (readPackageJson(dir) as { workspaces?: unknown }) : undefined;
    if (pkg?.workspaces) return dir;
  }
  return undefined;
}

/** The node_modules folders, relative to the project, where its packages may be installed: its own and a workspace root's. */
export function nodeModulesFolders(root: string): string[] {
  const workspace = workspaceRoot(root);
  return workspace ? ['./node_modules', `${relative(root, workspace).split(sep).join('/')}/node_modules`] : ['./node_modules'];
}
