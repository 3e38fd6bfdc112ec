import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { markedErrors } from '../support/marked-errors';

// The compile-time half of next-app-controllers/actions: one tsc program over the fixture, with the repository's
// compiler options; each line marked `// ✘` must have an error, and only those.
const FIXTURE = fileURLToPath(new URL('../fixtures/actions/calls.ts', import.meta.url));

const test = suite('action() types');

test("an object call is typed from the route's DTO (a wrong field fails), a form call and useActionState's with a null initial state compile", () => {
  const { failing, expected, messages } = markedErrors(FIXTURE);
  assert.ok(expected.length >= 7);
  assert.equal(failing, expected, messages);
});

test.run();
