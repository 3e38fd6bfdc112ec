import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextMajorVersion, nodeModulesFolders, relativeImport } from '../../generators/project/project';

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

const nodeModulesFoldersSuite = suite('nodeModulesFolders');

nodeModulesFoldersSuite("lists a workspace root's node_modules for a member of an npm or pnpm workspace, and only its own otherwise", () => {
  const root = mkdtempSync(join(tmpdir(), 'nac-workspace-'));
  try {
    const app = join(root, 'apps', 'web');
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'web' }));
    assert.equal(nodeModulesFolders(app), ['./node_modules']);
    writeFileSync(join(root, 'package.json'), JSON.stringify({ private: true }));
    assert.equal(nodeModulesFolders(app), ['./node_modules'], 'a package.json above without workspaces is not a workspace root');
    writeFileSync(join(root, 'package.json'), JSON.stringify({ private: true, workspaces: ['apps/*'] }));
    assert.equal(nodeModulesFolders(app), ['./node_modules', '../../node_modules']);
    writeFileSync(join(root, 'package.json'), JSON.stringify({ private: true }));
    writeFileSync(join(root, 'pnpm-workspace.yaml'), "packages:\n  - 'apps/*'\n");
    assert.equal(nodeModulesFolders(app), ['./node_modules', '../../node_modules']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

nodeModulesFoldersSuite.run();
