import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { markedErrors } from '../support/marked-errors';

// The compile-time check of @Paginated's page: one tsc program over the fixture, with the repository's compiler
// options; each line marked `// ✘` must have an error, and only those.
const FIXTURE = fileURLToPath(new URL('../fixtures/pagination-types/paginated.ts', import.meta.url));

const test = suite('@Paginated types');

test('a handler that cannot return the page of its style and item fails at @Paginated; the others compile', () => {
  const { failing, expected, messages, diagnostics } = markedErrors(FIXTURE);
  assert.ok(expected.length >= 3);
  assert.equal(failing, expected, messages);
  for (const diagnostic of diagnostics) assert.is(diagnostic.code, 1241, ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
});

test.run();
