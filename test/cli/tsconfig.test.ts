import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { patchTsconfig } from '../../generators/edits/tsconfig';

const patchTsconfigSuite = suite('patchTsconfig');

const WITH_COMMENTS = `{
  // keep me
  "compilerOptions": {
    "strict": true, // and me
    /* block */
    "jsx": "preserve",
  },
}
`;

patchTsconfigSuite('it adds both decorator options and keeps comments, trailing commas and the rest of the text', () => {
  const result = patchTsconfig(WITH_COMMENTS);
  assert.is(result.status, 'edited');
  assert.ok(result.text.includes('// keep me'));
  assert.ok(result.text.includes('"strict": true, // and me'));
  assert.ok(result.text.includes('/* block */'));
  assert.ok(result.text.includes('"experimentalDecorators": true'));
  assert.ok(result.text.includes('"emitDecoratorMetadata": true'));
  assert.ok(result.text.startsWith('{\n  // keep me\n  "compilerOptions": {\n    "strict": true, // and me'));
});

patchTsconfigSuite('a second run changes nothing', () => {
  const once = patchTsconfig(WITH_COMMENTS).text;
  const twice = patchTsconfig(once);
  assert.is(twice.status, 'unchanged');
  assert.is(twice.text, once);
});

patchTsconfigSuite('an option set to false is turned on in place', () => {
  const result = patchTsconfig('{ "compilerOptions": { "experimentalDecorators": false, "emitDecoratorMetadata": true } }');
  assert.is(result.status, 'edited');
  assert.ok(result.text.includes('"experimentalDecorators": true'));
  assert.not.ok(result.text.includes('false'));
});

patchTsconfigSuite('tab-indented files get tab-indented keys', () => {
  const result = patchTsconfig('{\n\t"compilerOptions": {\n\t\t"strict": true\n\t}\n}\n');
  assert.ok(result.text.includes('\n\t\t"experimentalDecorators": true'));
});

patchTsconfigSuite('compilerOptions missing, only under extends, or not an object: the text is kept and the additions are given', () => {
  for (const [text, reason] of [
    ['{ "extends": "./base.json" }', 'uses "extends"'],
    ['{ "include": ["src"] }', 'has no "compilerOptions"'],
    ['{ "compilerOptions": [] }', 'is not an object'],
    ['{ "compilerOptions": ', 'could not be parsed'],
  ] as const) {
    const result = patchTsconfig(text);
    assert.is(result.status, 'manual', text);
    assert.is(result.text, text);
    if (result.status === 'manual') {
      assert.match(result.reason, reason);
      assert.match(result.instructions, '"experimentalDecorators": true,');
      assert.match(result.instructions, '"emitDecoratorMetadata": true,');
    }
  }
});

patchTsconfigSuite.run();
