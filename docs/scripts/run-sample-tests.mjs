#!/usr/bin/env node
// The Testing page's samples run as tests (issue 32): `node docs/scripts/run-sample-tests.mjs`, run by `npm test`.
// - docs/samples/testing/**/*.uvu.test.ts with uvu, as the project's own tests run (node --import tsx, uvu's bin);
// - docs/samples/testing/**/*.vitest.test.ts with `vitest run`, in a copy of the folder whose package.json has no
//   "type": "module", as create-next-app writes it (docs/ has one): its config must load there without a warning.
// Each kind is skipped, saying so, while there is no such file.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** docs/samples/testing, or the samples folder given (`node docs/scripts/run-sample-tests.mjs <samplesDir>`). */
const SAMPLES = resolve(process.argv[2] ?? join(ROOT, 'docs', 'samples'));
const TESTING = join(SAMPLES, 'testing');
// As the root package.json's scripts run them: uvu is the repository's, vitest the docs workspace's (hoisted).
const UVU = join(ROOT, 'node_modules', 'uvu', 'bin.js');
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
// What fails a suite whose `before` hook throws (uvu alone reports a pass): test/support/uvu-hooks.mjs.
const UVU_HOOKS = pathToFileURL(join(ROOT, 'test', 'support', 'uvu-hooks.mjs')).href;

function find(dir, pattern) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : find(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

// tsx compiles a file with the options of TSX_TSCONFIG_PATH (else the root tsconfig.json, which does not cover docs/
// and maps next-app-controllers to runtime/): the samples' own config, so that they run against the built library
// with legacy decorators, as tsc checks them.
const TSCONFIG = [join(TESTING, 'tsconfig.json'), join(SAMPLES, 'tsconfig.json')].find(existsSync);

function run(label, args) {
  console.log(`docs sample tests: ${label}`);
  const env = { ...process.env, NODE_ENV: 'test', ...(TSCONFIG ? { TSX_TSCONFIG_PATH: TSCONFIG } : {}) };
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`docs sample tests: ${label} failed (${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

const folder = relative(ROOT, TESTING);
const uvuFiles = find(TESTING, /\.uvu\.test\.ts$/);
if (uvuFiles.length === 0) {
  console.log(`docs sample tests: no *.uvu.test.ts under ${folder}/ yet, skipped`);
} else {
  run(`uvu, ${uvuFiles.length} file(s)`, ['--import', 'tsx', '--import', UVU_HOOKS, UVU, folder, '\\.uvu\\.test\\.ts$']);
}

const vitestFiles = find(TESTING, /\.vitest\.test\.ts$/);
const vitestConfig = ['mts', 'ts', 'mjs', 'js'].map((extension) => join(TESTING, `vitest.config.${extension}`)).find(existsSync);
if (vitestFiles.length === 0) {
  console.log(`docs sample tests: no *.vitest.test.ts under ${folder}/ yet, skipped`);
} else if (!vitestConfig) {
  console.error(`docs sample tests: ${vitestFiles.length} *.vitest.test.ts file(s) but no ${folder}/vitest.config.mts`);
  process.exit(1);
} else {
  // The samples' folder copied into a project as create-next-app makes it: a package.json without "type": "module",
  // where a vitest.config.ts is loaded as CommonJS and Vite warns ("ESM syntax in a file loaded as CommonJS"). There,
  // `vitest run` as an app runs it (the config found by its name); any warning fails, as a failing test does.
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const project = mkdtempSync(join(ROOT, '.tmp', 'vitest-sample-'));
  let failed = false;
  try {
    cpSync(TESTING, join(project, 'testing'), { recursive: true, filter: (path) => !/[/\\](node_modules|\.tsconfig\.check-[^/\\]*)$/.test(path) });
    cpSync(join(SAMPLES, 'tsconfig.base.json'), join(project, 'tsconfig.base.json'));
    writeFileSync(join(project, 'testing', 'package.json'), `${JSON.stringify({ name: 'vitest-sample', private: true }, null, 2)}\n`);
    const label = `vitest, ${vitestFiles.length} file(s), in a package without "type": "module"`;
    console.log(`docs sample tests: ${label}`);
    const result = spawnSync(process.execPath, [VITEST, 'run'], { cwd: join(project, 'testing'), encoding: 'utf8', env: { ...process.env, NODE_ENV: 'test' } });
    const output = `${result.stdout}${result.stderr}`;
    process.stdout.write(output);
    const warning = /^.*(\(!\)|warning|deprecat).*$/im.exec(output);
    if (result.status !== 0) console.error(`docs sample tests: ${label} failed (${result.status ?? result.signal})`);
    else if (warning) console.error(`docs sample tests: ${label} warned: ${warning[0].trim()}`);
    failed = result.status !== 0 || warning !== null;
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}
