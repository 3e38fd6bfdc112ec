import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { markedErrors } from '../support/marked-errors';

// The compile-time half of the response contract: one tsc program over the fixture, with the repository's compiler
// options; each line marked `// ✘` must have an error, and only those.
const FIXTURE = fileURLToPath(new URL('../fixtures/response-types/contract.ts', import.meta.url));

const test = suite('response contract types');

test('a handler whose return type cannot be the declared DTO fails at the decorator; the others compile', () => {
  const { failing, expected, messages, diagnostics } = markedErrors(FIXTURE);
  assert.ok(expected.length >= 7);
  assert.equal(failing, expected, messages);
  for (const diagnostic of diagnostics) assert.is(diagnostic.code, 1241, ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
});

test.run();
