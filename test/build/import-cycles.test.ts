import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findFolderCycles, findImportCycles, folderCycleEdges, folderGraph } from '../../build/import-cycles.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUNTIME = join(ROOT, 'runtime');

function folderOf(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'nac-cycles-'));
  for (const [name, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), source);
  }
  return dir;
}

function cyclesOf(files: Record<string, string>): string[][] {
  const dir = folderOf(files);
  try {
    return findImportCycles(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const runtime = suite('runtime/');

runtime('has no import cycle, type-only and lazy imports included', () => {
  assert.equal(findImportCycles(RUNTIME), []);
});

runtime('has no cycle between its folders either (each folder a room, each top-level file a room of its own)', () => {
  assert.equal(findFolderCycles(RUNTIME), []);
  assert.equal(folderCycleEdges(RUNTIME), []);
});

// ARCHITECTURE.md's layers of runtime/, bottom to top, flattened: a room imports only rooms listed before it.
const LAYERS = [
  ...['core', 'peers', 'types.ts'],
  'metadata',
  ...['errors', 'dto', 'validation', 'inputs', 'schema'],
  ...['decorators', 'routing', 'responses'],
  ...['guards', 'caching', 'contract', 'logging', 'tracing', 'auth', 'idempotency', 'pagination', 'webhooks', 'jobs'],
  ...['dispatch', 'openapi', 'scalar', 'swagger-ui', 'docs.ts', 'mcp', 'actions'],
  ...['proxy.ts', 'application.ts', 'testing.ts', 'index.ts', 'jobs.ts', 'actions.ts'],
];

runtime("keeps ARCHITECTURE.md's layers: every room listed, and each imports only rooms below it", () => {
  const graph = folderGraph(RUNTIME);
  assert.equal([...graph.keys()].filter((room) => !LAYERS.includes(room)), [], 'room(s) of runtime/ missing from the layers (here and in ARCHITECTURE.md)');
  const upward = [...graph].flatMap(([room, targets]) => targets.filter((target) => LAYERS.indexOf(target) >= LAYERS.indexOf(room)).map((target) => `${room} -> ${target}`));
  assert.equal(upward, [], 'import(s) from a room to one at or above it');
});

// The rooms of twelve (ARCHITECTURE.md): a reader takes in a folder at a glance.
const MOST_FILES = 12;
const MOST_FILES_AT_THE_TOP = 8;

/** Each folder of `dir` (`.` for `dir` itself, else its path under `dir`) with the number of files directly in it. */
function folderSizes(dir: string, folder = '.'): [string, number][] {
  const entries = readdirSync(join(dir, folder), { withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).length;
  const below = entries.filter((entry) => entry.isDirectory()).flatMap((entry) => folderSizes(dir, folder === '.' ? entry.name : `${folder}/${entry.name}`));
  return [[folder, files], ...below];
}

runtime(`keeps its rooms small: at most ${MOST_FILES} files in a folder, at most ${MOST_FILES_AT_THE_TOP} at the top of runtime/`, () => {
  const over = folderSizes(RUNTIME).filter(([folder, files]) => files > (folder === '.' ? MOST_FILES_AT_THE_TOP : MOST_FILES));
  assert.equal(over.map(([folder, files]) => `${folder}: ${files} files`), []);
});

runtime('has no cycle between the rooms inside a folder split into rooms (openapi/, decorators/)', () => {
  const split = folderSizes(RUNTIME).filter(([folder]) => folder !== '.' && !folder.includes('/') && readdirSync(join(RUNTIME, folder), { withFileTypes: true }).some((entry) => entry.isDirectory()));
  assert.equal(['decorators', 'openapi'].filter((folder) => !split.some(([name]) => name === folder)), [], 'a folder that is no longer split');
  for (const [folder] of split) assert.equal(findFolderCycles(join(RUNTIME, folder)), [], `runtime/${folder}/`);
});

runtime.run();

const cli = suite('generators/ and bin/');

cli('have no import cycle between their files, type-only and lazy imports included', () => {
  assert.equal(findImportCycles(ROOT, ['generators', 'bin']), []);
});

cli('have no cycle between their folders either', () => {
  assert.equal(findFolderCycles(join(ROOT, 'generators')), []);
  assert.equal(findFolderCycles(ROOT, ['generators', 'bin']), []);
});

cli.run();

const finder = suite('findImportCycles');

finder('finds a cycle closed by a type-only import', () => {
  const cycles = cyclesOf({
    'metadata.ts': "import type { Resolver } from './decorators/param';\nexport const records = new WeakMap();\n",
    'decorators/param.ts': "import { records } from '../metadata';\nexport type Resolver = () => unknown;\n",
  });
  assert.equal(cycles, [['decorators/param.ts', 'metadata.ts']]);
});

finder('finds a cycle closed by a lazy import()', () => {
  const cycles = cyclesOf({
    'is-file.ts': "export const load = () => import('./file-rule');\n",
    'file-rule.ts': "import type { Rule } from './is-file';\n",
  });
  assert.equal(cycles, [['file-rule.ts', 'is-file.ts']]);
});

finder('finds a longer cycle through an index file and `export … from`', () => {
  const cycles = cyclesOf({
    'a.ts': "export { b } from './inner';\n",
    'inner/index.ts': "import { c } from '../c';\nexport const b = c;\n",
    'c.ts': "import type { A } from './a';\nexport const c = 1;\n",
  });
  assert.equal(cycles, [['a.ts', 'c.ts', 'inner/index.ts']]);
});

finder('reports nothing for imports that form a tree, packages and Node built-ins ignored', () => {
  const cycles = cyclesOf({
    'index.ts': "import 'reflect-metadata';\nimport { a } from './a';\nimport { b } from './b';\n",
    'a.ts': "import { readFileSync } from 'node:fs';\nimport { b } from './b';\nexport const a = b;\n",
    'b.ts': 'export const b = 1;\n',
  });
  assert.equal(cycles, []);
});

finder('finds a cycle that crosses two of the folders it is given, and ignores the folders it is not given', () => {
  const files = {
    'bin/run.ts': "import { Base } from '../generators/core/base';\n",
    'generators/core/base.ts': "import type { Runner } from '../../bin/run';\nexport class Base {}\n",
    'test/a.ts': "import { b } from './b';\n",
    'test/b.ts': "import { a } from './a';\n",
  };
  const dir = folderOf(files);
  try {
    assert.equal(findImportCycles(dir, ['generators', 'bin']), [['bin/run.ts', 'generators/core/base.ts']]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

finder('finds a cycle between two folders that have no file cycle, and leaves imports inside a folder out', () => {
  const files = {
    'errors/http-error.ts': "import type { Body } from '../responses/body';\nexport class HttpError {}\n",
    'errors/index.ts': "export { HttpError } from './http-error';\n",
    'responses/body.ts': 'export type Body = string;\n',
    'responses/send.ts': "import { HttpError } from '../errors/index';\nexport const send = () => new HttpError();\n",
    'index.ts': "import { send } from './responses/send';\n",
  };
  const dir = folderOf(files);
  try {
    assert.equal(findImportCycles(dir), []);
    assert.equal(findFolderCycles(dir), [['errors', 'responses']]);
    assert.equal(folderCycleEdges(dir), ['errors -> responses', 'responses -> errors']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

finder('reports no folder cycle when the rooms are layered, top-level files each a room of their own', () => {
  const cycles = findFolderCycles(
    folderOf({
      'index.ts': "import { a } from './application';\nimport { send } from './responses/send';\n",
      'application.ts': "import { send } from './responses/send';\nexport const a = send;\n",
      'responses/send.ts': "import { HttpError } from '../errors/http-error';\nexport const send = () => new HttpError();\n",
      'errors/http-error.ts': 'export class HttpError {}\n',
    }),
  );
  assert.equal(cycles, []);
});

finder.run();
