import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

// The compile-time check of the inputs (issue 51): one tsc program over both fixtures, with the repository's compiler
// options. correct.ts must compile; in wrong.ts each line marked `// ✘ <text>` must have an error whose message
// holds <text> (the decorator and the type it gives), and no other line may.
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/input-types/${name}`, import.meta.url));
const CORRECT = fixture('correct.ts');
const WRONG = fixture('wrong.ts');
const CONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

const { config } = ts.readConfigFile(CONFIG, ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, fileURLToPath(new URL('../..', import.meta.url)));
const program = ts.createProgram([CORRECT, WRONG], { ...options, noEmit: true, types: [] });
const diagnosticsOf = (file: string) => ts.getPreEmitDiagnostics(program).filter((diagnostic) => diagnostic.file?.fileName === file);
const lineOf = (diagnostic: ts.Diagnostic) => diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line + 1;
const messageOf = (diagnostic: ts.Diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');

const test = suite('input types');

test('every input decorator compiles on a parameter annotated with what it gives, a wider type, unknown or any', () => {
  const diagnostics = diagnosticsOf(CORRECT);
  assert.equal(diagnostics.map((diagnostic) => `${lineOf(diagnostic)}: ${messageOf(diagnostic)}`), []);
});

test('a parameter whose type does not accept what its decorator gives fails at that decorator, the message naming the decorator and the type', () => {
  const diagnostics = diagnosticsOf(WRONG);
  const lines = readFileSync(WRONG, 'utf8').split('\n');
  const expected = new Map(lines.flatMap((line, index) => {
    const marked = /\/\/ ✘ (.+)$/.exec(line);
    return marked && !line.trim().startsWith('//') ? [[index + 1, marked[1]] as const] : [];
  }));
  assert.ok(expected.size >= 17);
  const describe = (line: number) => `${line}: ${lines[line - 1].trim()}`;
  const failing = [...new Set(diagnostics.map(lineOf))];
  assert.equal(failing.map(describe), [...expected.keys()].map(describe), diagnostics.map(messageOf).join('\n'));
  for (const diagnostic of diagnostics) {
    const message = messageOf(diagnostic);
    assert.ok([1239, 1241].includes(diagnostic.code), message);
    // The decorator and the type it gives, on the line below TypeScript's own "Unable to resolve signature…".
    assert.ok(message.split('\n')[1].includes(expected.get(lineOf(diagnostic))!), `line ${lineOf(diagnostic)}: ${message}`);
  }
});

test.run();
