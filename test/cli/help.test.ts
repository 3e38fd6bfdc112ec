import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../bin/cli';
import { helpRows, wrapText } from '../../bin/help';

async function help(argv: string[], columns: number): Promise<string> {
  let out = '';
  const code = await main(argv, { cwd: process.cwd(), columns, out: (text) => (out += `${text}\n`), err: (text) => (out += `${text}\n`) });
  assert.is(code, 0, argv.join(' '));
  return out;
}

const COMMANDS = [['--help'], ['new', '--help'], ['init', '--help'], ['generate', '--help'], ['openapi', '--help'], ['schedules', '--help']];

// Regression (issue 44): `--api-version <version>The document…`, `--docs-ui <swagger|scalar>The docs page…`: a long
// flag was glued to its description, and lines ran past the terminal.
const layout = suite('--help layout');

for (const columns of [80, 60, 120]) {
  layout(`at ${columns} columns no line is longer, and every flag has its description after a gap, at one column per table`, async () => {
    for (const argv of COMMANDS) {
      const out = await help(argv, columns);
      for (const line of out.split('\n')) assert.ok(line.length <= columns, `${argv.join(' ')}: ${line.length} > ${columns}: ${line}`);
      assert.not.match(out, /<[a-z|]+>[A-Z]/, `${argv.join(' ')}: a flag glued to its description`);
      const starts = new Set(
        out
          .split('\n')
          .map((line) => /^ {2}--[a-z-]+(?: <[^>]+>)? {2,}\S/.exec(line))
          .filter((match) => match !== null)
          .map((match) => match[0].length - 1),
      );
      // `generate --help` prints three commands' tables, each aligned on its own.
      if (argv[0] !== 'generate' && argv[0] !== '--help') assert.is(starts.size, 1, `${argv.join(' ')}: descriptions start at ${[...starts].join(', ')}`);
    }
  });
}

layout('the openapi command at 80 columns, as printed', async () => {
  const out = await help(['openapi', '--help'], 80);
  assert.match(out, '  --api-version <version>  The document of one API version (createApplication({\n                           versioning })), e.g. --api-version 2\n');
  assert.match(out, '  --format <text|json>     With --check: json prints the result as one JSON\n');
});

layout('a flag longer than the column gets a line of its own, its description below at the column', () => {
  assert.equal(helpRows([['--a', 'short'], [`--${'x'.repeat(40)}`, 'long one']], 80), ['  --a  short', `  --${'x'.repeat(40)}`, '       long one']);
});

layout('wrapText keeps words whole and a longer word on its own line', () => {
  assert.equal(wrapText('one two three', 7), ['one two', 'three']);
  assert.equal(wrapText('a verylongword b', 5), ['a', 'verylongword', 'b']);
});

layout.run();
