/**
 * `--help` layout: two-column rows whose descriptions start at one column and wrap to the terminal's width, as
 * commander and yargs print them. A flag too long for the column gets a line of its own, its description below it.
 */

/** The width `--help` wraps to: the terminal's, else 80; never narrower than 40. */
export function helpWidth(columns: number | undefined = process.stdout.columns): number {
  return Math.max(40, columns && columns > 0 ? columns : 80);
}

/** Breaks one paragraph into lines of at most `width` characters (a longer word keeps its own line). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/** Each line of the text (its own line breaks kept) wrapped to the width, every line after the first indented. */
export function wrapParagraphs(text: string, width: number, indent = ''): string {
  return text
    .split('\n')
    .flatMap((paragraph) => wrapText(paragraph, width - indent.length))
    .map((line, index) => (index === 0 ? line : `${indent}${line}`))
    .join('\n');
}

const INDENT = '  ';
const GAP = 2;
/** The widest left column (flag and value); a longer flag is printed alone on its line. */
const MAX_LEFT = 30;

/** `  --flag <value>   description` rows, the descriptions aligned and wrapped to the width. */
export function helpRows(rows: readonly (readonly [string, string])[], width: number): string[] {
  const fitting = rows.map(([left]) => left.length).filter((length) => length <= MAX_LEFT);
  const column = INDENT.length + Math.max(0, ...fitting) + GAP;
  const pad = ' '.repeat(column);
  const descriptionWidth = Math.max(20, width - column);
  return rows.flatMap(([left, right]) => {
    const wrapped = wrapText(right, descriptionWidth);
    const head = `${INDENT}${left}`;
    if (head.length + GAP > column) return [head, ...wrapped.map((line) => `${pad}${line}`)];
    return [`${head.padEnd(column)}${wrapped[0]}`, ...wrapped.slice(1).map((line) => `${pad}${line}`)];
  });
}
