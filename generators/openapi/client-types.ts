import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { schemaApiVersion, schemaFile, schemaTypes } from '../document/client-schema';
import { projectDocument } from '../document/openapi-document';
import { detectProject, type ProjectLayout } from '../project/project';
import { UserError } from '../errors';

/**
 * `openapi --types`: the client's types (lib/api/schema.d.ts) from the sources, as `generate client` writes them,
 * for the API version the file was generated for. Returns what happened, for the one line printed.
 */
export async function writeClientTypes(layout: ProjectLayout): Promise<'written' | 'unchanged'> {
  const file = schemaFile(layout);
  const path = join(layout.root, file);
  const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  const apiVersion = before === undefined ? undefined : schemaApiVersion(before);
  const { document } = await projectDocument(layout, apiVersion);
  const types = await schemaTypes(layout.root, document, apiVersion);
  if (types === undefined) throw new UserError(`${file} was not written: openapi-typescript is not installed (run \`next-app-controllers generate client\`).`);
  if (types === before) return 'unchanged';
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, types);
  return 'written';
}

/** Folders a change in which never changes the document. */
const IGNORED = new Set(['node_modules', '.next', '.git', 'out', 'dist', 'coverage']);
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** How long after the last change in a burst (an editor's save, a formatter after it) the types are written. */
export const SETTLE_MS = 100;

/**
 * `openapi --watch`, which the instrumentation.ts `init` writes starts under `next dev`: after each change to a source
 * file it writes the client's types again, in a fresh process each time (`openapi --types`: the project's modules,
 * class-validator's storage and the library's registry start empty), one run at a time. Only while the project has
 * the types file (`generate client` writes it). It ends when the process that started it does (its IPC channel closes)
 * or on SIGTERM/SIGINT.
 */
export function watchClientTypes(cwd: string, cli: string, print: (text: string) => void): Promise<number> {
  const layout = detectProject(cwd);
  const file = schemaFile(layout);
  const path = join(layout.root, file);
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    if (running) return void (again = true);
    if (!existsSync(path)) return;
    running = true;
    const started = performance.now();
    // As `openapi` runs from a terminal: not with the dev server's NODE_ENV (the CLI makes it production when unset).
    const child = spawn(process.execPath, [cli, 'openapi', '--types'], { cwd: layout.root, env: { ...process.env, NODE_ENV: undefined }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      running = false;
      const took = Math.round(performance.now() - started);
      if (code !== 0) print(`next-app-controllers: ${file} not written (${took} ms):${output.trimEnd().replace(/^\s*/, ' ')}`);
      else if (output.startsWith('Wrote')) print(`next-app-controllers: ${file} written again (${took} ms after the change settled)`);
      if (again) {
        again = false;
        run();
      }
    });
  };
  const changed = (name: string) => {
    if (!SOURCE.test(name) || resolve(layout.root, name) === path) return;
    if (name.split(sep).some((part) => IGNORED.has(part))) return;
    clearTimeout(timer);
    timer = setTimeout(run, SETTLE_MS);
  };
  const watchers: FSWatcher[] = [];
  // src/ when the project has it; else each top-level folder but node_modules, .next… (a recursive watch of the root
  // would watch every folder of node_modules), and the root's own files.
  const roots = layout.sourceDir ? [layout.sourceDir] : readdirSync(layout.root, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !IGNORED.has(entry.name) && !entry.name.startsWith('.')).map((entry) => entry.name);
  for (const folder of roots) {
    watchers.push(watch(join(layout.root, folder), { recursive: true }, (_event, name) => name && changed(join(folder, name.toString()))));
  }
  if (!layout.sourceDir) watchers.push(watch(layout.root, (_event, name) => name && changed(name.toString())));
  run();
  print(`next-app-controllers: watching ${roots.length > 0 ? roots.map((root) => `${root}/`).join(', ') : 'the project'}; ${file} follows the code.`);
  return new Promise((done) => {
    const stop = () => {
      for (const watcher of watchers) watcher.close();
      clearTimeout(timer);
      done(0);
    };
    process.once('disconnect', stop);
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}

/**
 * `next-app-controllers openapi --types [--watch]`: the client's types once, or after each change (the watcher runs
 * this same CLI file, `process.argv[1]`, with `--types`).
 */
export async function runClientTypesCommand(command: { cwd: string; watch: boolean; print: (text: string) => void }): Promise<number> {
  if (command.watch) return watchClientTypes(command.cwd, resolve(process.argv[1] ?? ''), command.print);
  const layout = detectProject(command.cwd);
  const done = await writeClientTypes(layout);
  command.print(done === 'written' ? `Wrote ${schemaFile(layout)} (from the sources).` : `${schemaFile(layout)} is current.`);
  return 0;
}
