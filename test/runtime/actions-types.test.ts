import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

// The compile-time half of next-app-controllers/actions: one tsc program over the fixture, with the repository's
// compiler options; each line marked `// ✘` must have an error, and only those.
const FIXTURE = fileURLToPath(new URL('../fixtures/actions/calls.ts', import.meta.url));
const CONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

const test = suite('action() types');

test("an object call is typed from the route's DTO (a wrong field fails), a form call and useActionState's with a null initial state compile", () => {
  const { config } = ts.readConfigFile(CONFIG, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, fileURLToPath(new URL('../..', import.meta.url)));
  const program = ts.createProgram([FIXTURE], { ...options, noEmit: true, types: [] });
  const diagnostics = ts.getPreEmitDiagnostics(program).filter((diagnostic) => diagnostic.file?.fileName === FIXTURE);
  const failing = diagnostics.map((diagnostic) => diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line + 1);
  const lines = readFileSync(FIXTURE, 'utf8').split('\n');
  const expected = lines.flatMap((line, index) => (line.endsWith('// ✘') ? [index + 1] : []));
  assert.ok(expected.length >= 7);
  const describe = (line: number) => `${line}: ${lines[line - 1].trim()}`;
  assert.equal([...new Set(failing)].map(describe), expected.map(describe), diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0]).join('\n'));
});

test.run();
