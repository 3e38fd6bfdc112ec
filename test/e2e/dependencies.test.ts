// The example and the library must resolve the same copies of class-transformer and class-validator: class-transformer
// keeps @Type metadata per copy, and with two copies nested DTOs silently stop validating (every nested object is then
// "an unknown value"). The root package.json makes the example an npm workspace, so both resolve the hoisted copies.
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLE, ROOT } from './harness';

const test = suite('example dependencies');
const fromExample = createRequire(join(EXAMPLE, 'package.json'));

test('the example resolves next-app-controllers to this repository (a workspace link, never the registry)', () => {
  const resolved = realpathSync(fromExample.resolve('next-app-controllers/package.json'));
  assert.is(resolved, realpathSync(join(ROOT, 'package.json')));
});

for (const name of ['class-transformer', 'class-validator', 'next']) {
  test(`the example and the library resolve one and the same copy of ${name}`, () => {
    const library = createRequire(realpathSync(fromExample.resolve('next-app-controllers/package.json')));
    assert.is(realpathSync(fromExample.resolve(`${name}/package.json`)), realpathSync(library.resolve(`${name}/package.json`)));
  });
}

test.run();
