import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * One tsc program over a type-test fixture with the repository's compiler options: the fixture's diagnostics, the
 * lines that have one (`failing`) and the lines marked `// ✘` (`expected`), each as `<line>: <its text>` so that an
 * assertion's diff reads, and the diagnostics' first lines for its message.
 */
export function markedErrors(fixture: string): { failing: string[]; expected: string[]; messages: string; diagnostics: readonly ts.Diagnostic[] } {
  const { config } = ts.readConfigFile(`${ROOT}/tsconfig.json`, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const program = ts.createProgram([fixture], { ...options, noEmit: true, types: [] });
  const diagnostics = ts.getPreEmitDiagnostics(program).filter((diagnostic) => diagnostic.file?.fileName === fixture);
  const lines = readFileSync(fixture, 'utf8').split('\n');
  const describe = (line: number) => `${line}: ${lines[line - 1].trim()}`;
  const failing = [...new Set(diagnostics.map((diagnostic) => diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line + 1))];
  const expected = lines.flatMap((line, index) => (line.endsWith('// ✘') ? [index + 1] : []));
  const messages = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0]).join('\n');
  return { failing: failing.map(describe), expected: expected.map(describe), messages, diagnostics };
}
