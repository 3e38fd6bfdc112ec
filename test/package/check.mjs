// The package as a user gets it: pack, install the tarball into an empty folder outside the repository (so nothing
// resolves from the repository's node_modules), then check the figures that issue 9 fixes. Run by `npm test` as
// `npm run test:package` (after `npm run build`); `node test/package/check.mjs <tarball>` checks a tarball made
// elsewhere, e.g. one packed from an older commit.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, lstatSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { LEFT_OUT } from '../../build/left-out.mjs';
import { runSize } from '../../bench/startup.mjs';

/** What importing the library loads, gzipped, ES and CommonJS builds alike (issue 52: room for what comes next). */
const MAX_IMPORT_GZIP_BYTES = 9500;

/** The library, reflect-metadata, and one helper at most. */
const MAX_INSTALLED_PACKAGES = 3;

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = join(REPO_ROOT, 'test/fixtures/cli/app-router');
const bin = (name) => join(REPO_ROOT, 'node_modules/.bin', name);

const work = mkdtempSync(join(tmpdir(), 'nac-package-'));
if (!relative(REPO_ROOT, work).startsWith('..')) throw new Error(`${work} is inside the repository: use a TMPDIR outside it`);
// No NODE_PATH and no npm_config_* from the calling `npm run`: the isolated install must see only its own folder.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_PATH' && !/^npm_/i.test(key)));
env.NO_COLOR = '1';

let passed = 0;
let failed = 0;
function check(name, ok, detail = '') {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? '  ok  ' : '  FAIL'} ${name}${!ok && detail ? `\n${detail.replace(/^/gm, '        ')}` : ''}`);
}

function run(command, args, cwd) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { code: result.status ?? 1, out: result.stdout ?? '', err: `${result.stderr ?? ''}${result.error?.message ?? ''}`, ms };
}

function sizeOf(path) {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((total, name) => total + sizeOf(join(path, name)), 0);
}

/** `init --skip-install` then `generate controller posts` on a fresh copy of the fixture App Router project. */
function checkCommands(label, command, prefix) {
  const project = mkdtempSync(join(work, 'project-'));
  cpSync(FIXTURE, project, { recursive: true });
  const init = run(command, [...prefix, 'init', '--skip-install'], project);
  const wired = existsSync(join(project, 'src/app.ts')) && existsSync(join(project, 'src/app/api/[[...route]]/route.ts'));
  check(`${label} init --skip-install wires the project`, init.code === 0 && wired, init.out + init.err);
  const generate = run(command, [...prefix, 'generate', 'controller', 'posts'], project);
  const written = existsSync(join(project, 'src/features/posts/controller.ts'));
  check(`${label} generate controller posts writes the controller`, generate.code === 0 && written, generate.out + generate.err);
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
const kb = (bytes) => `${Math.round(bytes / 1e3)} kB`;

try {
  // 1. The tarball.
  let tarball = process.argv[2] && resolve(process.argv[2]);
  if (!tarball) {
    // With its scripts, as a user packs it: `prepack` builds only what changed and strips the packed package.json.
    const pack = run('npm', ['pack', '--json', '--pack-destination', work], REPO_ROOT);
    if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.err}`);
    // The lifecycle scripts print before the JSON.
    tarball = join(work, JSON.parse(pack.out.slice(pack.out.search(/^\[/m)))[0].filename);
  }
  const listing = run('tar', ['-tvzf', tarball], work);
  const unpacked = listing.out.split('\n').reduce((total, line) => total + (Number(line.split(/\s+/)[2]) || 0), 0);
  console.log(`tarball: ${kb(lstatSync(tarball).size)} packed, ${kb(unpacked)} unpacked`);

  // npm 11 warns about (and runs) a tarball dependency's install scripts, `prepare` included: the packed package.json
  // carries no script at all (build/packed-manifest.mjs), and the repository's package.json is back after the pack.
  const packedManifest = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json'], work).out || '{}');
  const installScripts = ['preinstall', 'install', 'postinstall', 'prepare'].filter((name) => packedManifest.scripts?.[name]);
  check('the packed package.json has no install script (nor any script)', packedManifest.name === 'next-app-controllers' && installScripts.length === 0 && packedManifest.scripts === undefined, `scripts: ${Object.keys(packedManifest.scripts ?? {}).join(', ')}`);
  const ownManifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  check("the repository's package.json keeps its scripts after the pack", typeof ownManifest.scripts?.prepack === 'string' && !existsSync(join(REPO_ROOT, '.package.json.before-pack')));

  // 2. Installed into an empty folder, as a user's `npm install next-app-controllers` (peers left to the user).
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "name": "isolated", "private": true }\n');
  const install = run('npm', ['install', '--legacy-peer-deps', '--no-audit', '--no-fund', tarball], app);
  check('npm install --legacy-peer-deps <tarball> succeeds', install.code === 0, install.err);
  check('npm install <tarball> warns of no install script', !/install-scripts|prepare/.test(install.err), install.err);
  const lock = JSON.parse(readFileSync(join(app, 'node_modules/.package-lock.json'), 'utf8'));
  const installed = Object.keys(lock.packages).filter((key) => key.startsWith('node_modules/'));
  const bytes = sizeOf(join(app, 'node_modules'));
  console.log(`installed: ${installed.length} packages, ${mb(bytes)} in node_modules`);
  check(
    `installs at most ${MAX_INSTALLED_PACKAGES} packages`,
    installed.length <= MAX_INSTALLED_PACKAGES,
    `${installed.length} installed: ${installed.slice(0, 20).map((key) => key.slice('node_modules/'.length)).join(', ')}${installed.length > 20 ? ', …' : ''}`,
  );

  // Importing the library under Node: reflect-metadata is set up, and Node's ESM loader never reads its 64 KB file
  // (build/reflect-metadata-shim.mjs: the ES build requires it through dist/reflect-metadata.cjs), for ESM and CJS.
  const loads = join(app, 'loads.mjs');
  writeFileSync(
    loads,
    [
      "import { register } from 'node:module';",
      "import { MessageChannel } from 'node:worker_threads';",
      'const { port1, port2 } = new MessageChannel();',
      'const seen = [];',
      "port1.on('message', (url) => seen.push(url));",
      'port1.unref();',
      "register(`data:text/javascript,${encodeURIComponent('let port; export function initialize(data) { port = data.port; } export async function load(url, context, next) { port.postMessage(url); return next(url, context); }')}`, { data: { port: port2 }, transferList: [port2] });",
      "const library = await import('next-app-controllers');",
      "const required = (await import('node:module')).createRequire(import.meta.url)('next-app-controllers');",
      'await new Promise((resolve) => setTimeout(resolve, 50));',
      "console.log(JSON.stringify({ reflect: typeof Reflect.getMetadata, esm: typeof library.createApplication, cjs: typeof required.createApplication, reflectThroughEsm: seen.filter((url) => url.includes('/reflect-metadata/')) }));",
    ].join('\n'),
  );
  const loaded = run(process.execPath, [loads], app);
  let loadedAs;
  try {
    loadedAs = JSON.parse(loaded.out);
  } catch {
    loadedAs = undefined;
  }
  check(
    'import and require of the library set up reflect-metadata, never read by the ESM loader',
    JSON.stringify(loadedAs) === JSON.stringify({ reflect: 'function', esm: 'function', cjs: 'function', reflectThroughEsm: [] }),
    loaded.out + loaded.err,
  );

  // `next-app-controllers/dto`, a DTO file's first import: reflect-metadata alone, through import and require, without
  // the library (issue 52: a DTO module Turbopack evaluates before the library's entry).
  const dtoEntry = run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "await import('next-app-controllers/dto'); const esm = typeof Reflect.getMetadata; const { createRequire } = await import('node:module'); createRequire(import.meta.url)('next-app-controllers/dto'); const loaded = Object.keys((await import('node:module')).createRequire(import.meta.url).cache).some((path) => path.includes('/dist/index.')); console.log(JSON.stringify({ esm, library: loaded }));",
    ],
    app,
  );
  check("import 'next-app-controllers/dto' sets up reflect-metadata, and loads nothing of the library", dtoEntry.out.trim() === JSON.stringify({ esm: 'function', library: false }), dtoEntry.out + dtoEntry.err);

  // Every name the declarations export as a value (a class, a function, a const) is there at run time. A class
  // exported as a type only must not read as a value: `new` or `instanceof` would compile, then the import fail.
  for (const entry of ['index', 'proxy', 'testing', 'jobs', 'actions']) {
    const declarations = join(app, `node_modules/next-app-controllers/dist/${entry}.d.ts`);
    const program = ts.createProgram([declarations], { noEmit: true, skipLibCheck: true, types: [] });
    const checker = program.getTypeChecker();
    const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(declarations)));
    const isValue = (symbol) => ((symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol).flags & ts.SymbolFlags.Value) !== 0;
    const values = exported.filter(isValue).map((symbol) => symbol.name);
    const specifier = entry === 'index' ? 'next-app-controllers' : `next-app-controllers/${entry}`;
    const runtime = run(process.execPath, ['--input-type=module', '-e', `console.log(JSON.stringify(Object.keys(await import('${specifier}'))))`], app);
    const missing = values.filter((name) => !runtime.out.includes(`"${name}"`));
    check(`${specifier}: every value its declarations export is exported at run time (${values.length})`, runtime.code === 0 && values.length > 0 && missing.length === 0, `declared as values, missing at run time: ${missing.join(', ')}\n${runtime.err}`);
  }

  // What importing the library loads (the entry and every file it imports statically) stays within its budget.
  const dist = join(app, 'node_modules/next-app-controllers/dist');
  for (const entry of ['index.mjs', 'index.cjs']) {
    const size = runSize(dist, entry);
    check(`importing the library (${size.file}) loads ≤ ${MAX_IMPORT_GZIP_BYTES} B gzipped: ${size.gzipBytes}`, size.gzipBytes <= MAX_IMPORT_GZIP_BYTES);
  }

  // The proxy entry carries its own copy of HttpError (rollup.config.mjs): `instanceof` answers across the copies, and
  // across the ES and CommonJS builds, both ways; a subclass still checks its own prototype.
  const across = run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      [
        "import { createRequire } from 'node:module';",
        "const library = await import('next-app-controllers');",
        "const proxy = await import('next-app-controllers/proxy');",
        "const required = createRequire(import.meta.url)('next-app-controllers');",
        'const fromProxy = new proxy.HttpError(400), fromLibrary = new library.NotFoundError(), fromCjs = new required.HttpError(409);',
        'console.log(JSON.stringify([fromProxy instanceof library.HttpError, fromLibrary instanceof proxy.HttpError, fromCjs instanceof library.HttpError, fromProxy instanceof library.NotFoundError, fromLibrary instanceof library.NotFoundError]));',
      ].join('\n'),
    ],
    app,
  );
  check('HttpError: instanceof answers across the proxy entry, the library and its CommonJS build', across.out.trim() === '[true,true,true,false,true]', across.out + across.err);

  // The CLI is one file: every module build/left-out.mjs lists is still imported by Yeoman and replaced by its stub
  // (an entry that no longer matches anything would hide a module that is bundled after all, or a stale reason).
  const bundle = readFileSync(join(app, 'node_modules/next-app-controllers/dist/cli.mjs'), 'utf8');
  const stale = Object.keys(LEFT_OUT).filter((id) => !bundle.includes(`${id} is not bundled in the next-app-controllers CLI`));
  check('dist/cli.mjs replaces every module of build/left-out.mjs with its stub', stale.length === 0, `no stub for: ${stale.join(', ')}`);

  // 3. The installed bin, with no devDependency reachable: --help, and real commands on copies of the fixture.
  const cli = join(app, 'node_modules/.bin/next-app-controllers');
  const helps = [0, 1, 2].map(() => run(cli, ['--help'], app));
  console.log(`--help: ${Math.round(Math.min(...helps.map((h) => h.ms)))} ms (best of 3)`);
  check('the installed bin prints --help', helps[0].code === 0 && helps[0].out.includes('Usage: next-app-controllers'), helps[0].err);
  checkCommands('the installed bin', cli, []);

  // 4. The bin through npx straight from the tarball (npx installs it in its own cache folder).
  const npx = ['--yes', `--package=${tarball}`, 'next-app-controllers'];
  const npxHelp = run('npx', [...npx, '--help'], work);
  check('npx --package=<tarball> next-app-controllers --help', npxHelp.code === 0 && npxHelp.out.includes('Usage: next-app-controllers'), npxHelp.err);
  checkCommands('npx --package=<tarball> next-app-controllers', 'npx', npx);

  // 5. Types resolve in node10, node16 (CJS and ESM) and bundler; the package.json passes publint with no warnings.
  const attw = run(bin('attw'), ['--no-color', '--no-emoji', '--format', 'table-flipped', tarball], work);
  check('attw: no problems', attw.code === 0, attw.out + attw.err);
  const publint = run(bin('publint'), ['run', '--strict', tarball], work);
  check('publint --strict: no warnings', publint.code === 0 && publint.out.includes('All good'), publint.out + publint.err);
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`\npackage: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
