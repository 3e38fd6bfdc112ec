// Finds import cycles among the TypeScript files of a folder. Every kind of import counts: static, `import type`,
// `export … from` and `import()` (a lazy chunk that imports its loader back is still a cycle to read through).
// TypeScript's own scanner (`preProcessFile`) lists the specifiers; relative ones are resolved to files of the
// folder; Tarjan's algorithm gives the strongly connected components, and each with more than one file (or a file
// importing itself) is a cycle.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

function typeScriptFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return typeScriptFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveRelative(from, specifier) {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts'), base].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/**
 * The import graph of `dir`: each file (relative to `dir`) to the files of `dir` it imports. With `folders`, only
 * the files of those folders of `dir` (and imports between them) make the graph: `generators` and `bin` together.
 */
export function importGraph(dir, folders = ['.']) {
  const roots = folders.map((folder) => resolve(dir, folder));
  const files = roots.flatMap(typeScriptFiles);
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => (fileName.startsWith('.') ? resolveRelative(file, fileName) : undefined))
      .filter((target) => target !== undefined && roots.some((root) => target.startsWith(`${root}/`)));
    graph.set(relative(dir, file), [...new Set(targets.map((target) => relative(dir, target)))]);
  }
  return graph;
}

/**
 * The folder ("room") graph of `dir`: each file's first folder under `dir` is its room; a file at the top level of
 * `dir` is a room of its own (`application.ts`, `index.ts`: the top files are the entry and its wiring, each with
 * its own place in the layers, so lumping them into one room would make a cycle of every top file that imports a
 * folder imported by another top file). Imports inside a room are left out.
 */
export function folderGraph(dir, folders) {
  const roomOf = (file) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file);
  const rooms = new Map();
  for (const [file, targets] of importGraph(resolve(dir), folders)) {
    const room = roomOf(file);
    const edges = rooms.get(room) ?? new Set();
    for (const target of targets) if (roomOf(target) !== room) edges.add(roomOf(target));
    rooms.set(room, edges);
  }
  return new Map([...rooms].map(([room, edges]) => [room, [...edges]]));
}

/** The edges of the folder graph that lie on a cycle (both ends in one strongly connected component), `a -> b`. */
export function folderCycleEdges(dir, folders) {
  const graph = folderGraph(dir, folders);
  const componentOf = new Map(stronglyConnected(graph).flatMap((cycle, i) => cycle.map((room) => [room, i])));
  return [...graph]
    .flatMap(([room, targets]) => targets.map((target) => [room, target]))
    .filter(([a, b]) => componentOf.has(a) && componentOf.get(a) === componentOf.get(b))
    .map(([a, b]) => `${a} -> ${b}`)
    .sort();
}

/** Each cycle between the rooms of `dir` (see `folderGraph`) as the list of its rooms, sorted. */
export function findFolderCycles(dir, folders) {
  return stronglyConnected(folderGraph(dir, folders));
}

/** Each cycle as the list of its files, sorted; none when the folder's imports form a DAG. */
export function findImportCycles(dir, folders) {
  return stronglyConnected(importGraph(resolve(dir), folders));
}

function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let counter = 0;
  const visit = (file) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file).includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `node build/import-cycles.mjs runtime`, or several folders of the working directory: `… generators bin`.
  const folders = process.argv.length > 2 ? process.argv.slice(2) : ['runtime'];
  const cycles = findImportCycles('.', folders);
  for (const cycle of cycles) console.log(`cycle: ${cycle.join(' ⇄ ')}`);
  if (cycles.length === 0) console.log('no import cycles');
  // One folder: its rooms too (`runtime/errors` ⇄ `runtime/responses` is a cycle of rooms even with no file cycle).
  const folderCycles = folders.length === 1 ? findFolderCycles(folders[0]) : [];
  for (const cycle of folderCycles) console.log(`folder cycle: ${cycle.join(' ⇄ ')}`);
  if (folders.length === 1 && folderCycles.length === 0) console.log('no folder cycles');
  process.exitCode = cycles.length === 0 && folderCycles.length === 0 ? 0 : 1;
}
