import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as TS from 'typescript';

export type TypeScript = typeof TS;

/**
 * The TypeScript compiler API, used to edit app.ts and next.config.* through their syntax tree. It is taken from the
 * project first (every TypeScript Next.js project has it), then from the CLI's own dependencies (a source checkout),
 * so the CLI does not ship a second 20 MB compiler. Undefined when neither has it: callers print the edit instead.
 */
export function loadTypeScript(projectRoot: string): TypeScript | undefined {
  for (const base of [join(projectRoot, 'package.json'), import.meta.url]) {
    try {
      return createRequire(base)('typescript') as TypeScript;
    } catch {
      // try the next place
    }
  }
  return undefined;
}

export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** Applies non-overlapping edits, last first so earlier offsets stay valid. */
export function applyTextEdits(text: string, edits: TextEdit[]): string {
  return [...edits]
    .sort((a, b) => b.start - a.start)
    .reduce((result, edit) => result.slice(0, edit.start) + edit.text + result.slice(edit.end), text);
}

/** Indentation of the line that holds `position`. */
export function indentationAt(text: string, position: number): string {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** The quote the file uses for its first string literal, so inserted code matches it. */
export function quoteStyle(ts: TypeScript, source: TS.SourceFile): "'" | '"' {
  let quote: "'" | '"' | undefined;
  const visit = (node: TS.Node): void => {
    if (quote) return;
    if (ts.isStringLiteral(node)) {
      quote = node.getText(source).startsWith('"') ? '"' : "'";
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return quote ?? "'";
}

/** Text to add one element (or property) after the existing ones of a list, keeping one-per-line layouts. */
export function appendToList(
  text: string,
  open: number,
  close: number,
  lastEnd: number | undefined,
  firstStart: number | undefined,
  item: string,
): TextEdit {
  if (lastEnd === undefined || firstStart === undefined) {
    const inner = text.slice(open + 1, close);
    if (inner.includes('\n')) {
      const indent = indentationAt(text, close);
      return { start: open + 1, end: close, text: `\n${indent}  ${item},\n${indent}` };
    }
    return { start: open + 1, end: close, text: item };
  }
  const multiline = text.slice(open + 1, firstStart).includes('\n');
  const afterLast = text.slice(lastEnd, close);
  const trailingComma = /^\s*,/.exec(afterLast);
  const insertAt = trailingComma ? lastEnd + trailingComma[0].length : lastEnd;
  if (multiline) {
    const indent = indentationAt(text, firstStart);
    return { start: insertAt, end: insertAt, text: `${trailingComma ? '' : ','}\n${indent}${item}${trailingComma ? ',' : ''}` };
  }
  return { start: insertAt, end: insertAt, text: trailingComma ? ` ${item},` : `, ${item}` };
}
