import type { EditResult } from './edit-result';
import { applyEdits, findNodeAtLocation, modify, parseTree, type FormattingOptions, type ParseError } from 'jsonc-parser';

/** The compiler options the decorators need. */
export const REQUIRED_COMPILER_OPTIONS: Readonly<Record<string, boolean>> = {
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
};


/** The lines to add by hand when the file cannot be patched. */
export function tsconfigInstructions(): string {
  const lines = Object.entries(REQUIRED_COMPILER_OPTIONS).map(([key, value]) => `    "${key}": ${value},`);
  return ['In tsconfig.json, add to "compilerOptions":', ...lines].join('\n');
}

/** Indentation of the file's first indented line, so inserted keys look like their neighbours. */
function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return indent.startsWith('\t')
    ? { insertSpaces: false, tabSize: 1, eol }
    : { insertSpaces: true, tabSize: indent.length, eol };
}

/**
 * Sets the decorator options in a tsconfig.json (JSONC) and keeps its comments and formatting: jsonc-parser edits the
 * text in place instead of re-serialising it. When `compilerOptions` is missing (for example inherited through
 * `extends`) or is not an object, the text is left as it is and the status is `manual`.
 */
export function patchTsconfig(text: string): EditResult {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const manual = (reason: string): EditResult => ({ status: 'manual', text, reason, instructions: tsconfigInstructions() });
  if (!tree || errors.length > 0) return manual('tsconfig.json could not be parsed');
  if (tree.type !== 'object') return manual('tsconfig.json is not a JSON object');
  const compilerOptions = findNodeAtLocation(tree, ['compilerOptions']);
  if (!compilerOptions) {
    const extendsNode = findNodeAtLocation(tree, ['extends']);
    return manual(
      extendsNode
        ? 'tsconfig.json has no "compilerOptions" of its own (it uses "extends")'
        : 'tsconfig.json has no "compilerOptions"',
    );
  }
  if (compilerOptions.type !== 'object') return manual('"compilerOptions" in tsconfig.json is not an object');

  const formattingOptions = detectFormatting(text);
  let result = text;
  const added: string[] = [];
  for (const [key, value] of Object.entries(REQUIRED_COMPILER_OPTIONS)) {
    const current = findNodeAtLocation(parseTree(result, [], { allowTrailingComma: true })!, ['compilerOptions', key]);
    if (current?.value === value) continue;
    result = applyEdits(result, modify(result, ['compilerOptions', key], value, { formattingOptions }));
    added.push(key);
  }
  return added.length > 0 ? { status: 'edited', text: result, added } : { status: 'unchanged', text };
}
