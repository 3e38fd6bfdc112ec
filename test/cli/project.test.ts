import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { relativeImport } from '../../generators/lib/project';

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
