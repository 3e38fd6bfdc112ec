#!/usr/bin/env node
// The Testing page's samples run as tests (issue 32): `node docs/scripts/run-sample-tests.mjs`, run by `npm test`.
// - docs/samples/testing/**/*.uvu.test.ts with uvu, as the project's own tests run (node --import tsx, uvu's bin);
// - docs/samples/testing/**/*.vitest.test.ts with `vitest run --config docs/samples/testing/vitest.config.ts`.
// Each kind is skipped, saying so, while there is no such file.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
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
const vitestConfig = join(TESTING, 'vitest.config.ts');
if (vitestFiles.length === 0) {
  console.log(`docs sample tests: no *.vitest.test.ts under ${folder}/ yet, skipped`);
} else if (!existsSync(vitestConfig)) {
  console.error(`docs sample tests: ${vitestFiles.length} *.vitest.test.ts file(s) but no ${relative(ROOT, vitestConfig)}`);
  process.exit(1);
} else {
  // --root: the samples' folder is the project the config describes (an app runs `npx vitest run` in its own root).
  run(`vitest, ${vitestFiles.length} file(s)`, [VITEST, 'run', '--root', relative(ROOT, TESTING), '--config', vitestConfig]);
}
