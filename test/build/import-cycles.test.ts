import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findImportCycles } from '../../build/import-cycles.mjs';

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

runtime.run();

const cli = suite('generators/ and bin/');

cli('have no import cycle between their files, type-only and lazy imports included', () => {
  assert.equal(findImportCycles(ROOT, ['generators', 'bin']), []);
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

finder.run();
