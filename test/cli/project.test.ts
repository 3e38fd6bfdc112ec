import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextMajorVersion, relativeImport } from '../../generators/lib/project';

const relativeImportSuite = suite('relativeImport');

relativeImportSuite('route files import the app module by a relative path', () => {
  assert.is(relativeImport('src/app/api/[[...route]]/route.ts', 'src/app.ts'), '../../../app');
  assert.is(relativeImport('src/app.ts', 'src/features/posts/controller.ts'), './features/posts/controller');
});

// Regression: with app.ts next to the app/ folder, stripping the extension first gave `../..` (the app/ folder).
relativeImportSuite('app.ts next to the app folder is not confused with the folder (regression)', () => {
  assert.is(relativeImport('app/api/[[...route]]/route.ts', 'app.ts'), '../../../app');
  assert.is(relativeImport('app/api/openapi.json/route.ts', 'app.ts'), '../../../app');
});

relativeImportSuite.run();

const nextMajorVersionSuite = suite('nextMajorVersion');

nextMajorVersionSuite('reads the installed next first, then the range in package.json, else says it cannot tell', () => {
  const root = mkdtempSync(join(tmpdir(), 'nac-next-major-'));
  try {
    const manifest = (next: string) => writeFileSync(join(root, 'package.json'), JSON.stringify({ dependencies: { next } }));
    manifest('^15.5.4');
    assert.is(nextMajorVersion(root), 15);
    manifest('>=16.0.0');
    assert.is(nextMajorVersion(root), 16);
    manifest('latest');
    assert.is(nextMajorVersion(root), undefined);
    mkdirSync(join(root, 'node_modules', 'next'), { recursive: true });
    writeFileSync(join(root, 'node_modules', 'next', 'package.json'), JSON.stringify({ version: '15.5.29' }));
    assert.is(nextMajorVersion(root), 15);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

nextMajorVersionSuite.run();
