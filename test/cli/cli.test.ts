import { spawn } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { main, USAGE } from '../../bin/cli';
import { BIN, cleanup, read, snapshot, tempProject, write } from './helpers';

interface Captured {
  code: number;
  out: string;
  err: string;
}

async function cli(argv: string[], cwd = process.cwd()): Promise<Captured> {
  let out = '';
  let err = '';
  const code = await main(argv, { cwd, out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`) });
  return { code, out, err };
}

/** The real bin under plain `node`, with stdin an open pipe that is never written to or closed. */
function bin(argv: string[], cwd: string, timeoutMs = 60_000): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`bin ${argv.join(' ')} did not finish within ${timeoutMs} ms (waiting on stdin?)\n${out}\n${err}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, out, err });
    });
  });
}

const mainSuite = suite('main');
mainSuite.after.each(cleanup);

mainSuite('--version prints the package version', async () => {
  const { code, out } = await cli(['--version']);
  assert.is(code, 0);
  assert.is(out.trim(), JSON.parse(read(process.cwd(), 'package.json')).version);
});

mainSuite('--help prints the usage, and every command has its own --help', async () => {
  assert.is((await cli(['--help'])).out.trim(), USAGE);
  for (const argv of [['new', '--help'], ['init', '--help'], ['generate', 'controller', '--help'], ['g', '--help']]) {
    const { code, out } = await cli(argv);
    assert.is(code, 0, argv.join(' '));
    assert.match(out, 'Usage: next-app-controllers ');
  }
});

mainSuite('unknown commands, flags and arguments print the usage and exit with 2', async () => {
  const cases: [string[], string][] = [
    [[], 'Missing command.'],
    [['deploy'], 'Unknown command "deploy".'],
    [['init', '--bogus'], "Unknown option '--bogus'."],
    [['init', 'extra'], 'Unexpected argument "extra".'],
    [['new'], 'Missing <name>.'],
    [['generate'], 'Missing what to generate'],
    [['g', 'service', 'x'], 'Unknown generator "service"'],
    [['g', 'controller'], 'Missing <name>.'],
    [['g', 'controller', 'posts', '--swagger'], "Unknown option '--swagger'."],
  ];
  for (const [argv, message] of cases) {
    const { code, err } = await cli(argv);
    assert.is(code, 2, argv.join(' '));
    assert.match(err, message);
    assert.match(err, 'Usage: next-app-controllers');
  }
});

mainSuite('--help of each command shows its arguments and every flag it accepts', async () => {
  const expected: [string[], string[]][] = [
    [['new', '--help'], ['<name>', '--swagger', '--docs-ui <swagger|scalar>', '--mcp', '--skip-install', '--use-npm', '--use-pnpm', '--use-yarn', '--use-bun']],
    [['init', '--help'], ['--swagger', '--docs-ui <swagger|scalar>', '--mcp', '--force', '--skip-install']],
    [['generate', 'controller', '--help'], ['<name>', '--force', '--schema <library>', '--skip-install', 'alias: g controller']],
    [['g', 'resource', '--help'], ['<name>', '--force', '--schema <library>', '--skip-install', 'alias: g resource', 'PATCH']],
  ];
  for (const [argv, words] of expected) {
    const { code, out } = await cli(argv);
    assert.is(code, 0, argv.join(' '));
    assert.match(out, 'Options:');
    for (const word of words) assert.match(out, word, `${argv.join(' ')}: ${word}`);
  }
  assert.match(USAGE, 'generate resource <name>');
  assert.match(USAGE, 'Exit codes: 0 done, 1 the command failed');
});

mainSuite('an unknown flag is an error that lists the valid flags of that command', async () => {
  const init = await cli(['init', '--swager']);
  assert.is(init.code, 2);
  assert.match(init.err, "Unknown option '--swager'. Valid options: --swagger, --docs-ui, --mcp, --force, --skip-install, -h/--help.");
  const resource = await cli(['g', 'resource', 'posts', '--swagger']);
  assert.is(resource.code, 2);
  assert.match(resource.err, "Unknown option '--swagger'. Valid options: --force, --schema, --skip-install, -h/--help.");
});

mainSuite('--schema <library> reaches the generator as its value; a missing value is a usage error', async () => {
  const dir = tempProject('src');
  assert.is((await cli(['init', '--skip-install'], dir)).code, 0);
  const { code } = await cli(['g', 'controller', 'posts', '--schema', 'arktype', '--skip-install'], dir);
  assert.is(code, 0);
  assert.match(read(dir, 'src/features/posts/schemas.ts'), "import { type } from 'arktype';");
  const missing = await cli(['g', 'controller', 'users', '--schema'], dir);
  assert.is(missing.code, 2);
  assert.match(missing.err, "Option '--schema <value>' argument missing");
  const wrong = await cli(['g', 'controller', 'users', '--schema', 'yup'], dir);
  assert.is(wrong.code, 1);
  assert.match(wrong.err, '--schema takes zod, valibot, arktype or class-validator (DTO classes), got "yup".');
});

mainSuite('g resource <name> runs the resource generator', async () => {
  const dir = tempProject('src');
  assert.is((await cli(['init', '--skip-install'], dir)).code, 0);
  const { code } = await cli(['g', 'resource', 'orders'], dir);
  assert.is(code, 0);
  assert.match(read(dir, 'src/features/orders/controller.ts'), "@Patch('/:id')");
  assert.match(read(dir, 'src/app.ts'), 'controllers: [OrdersController],');
});

mainSuite('--docs-ui takes its value from the command line: scalar writes the Scalar page, another value fails', async () => {
  const dir = tempProject('src');
  assert.is((await cli(['init', '--docs-ui', 'scalar', '--mcp', '--skip-install'], dir)).code, 0);
  assert.match(read(dir, 'src/app/api-docs/[[...file]]/route.ts'), 'createScalarHandler');
  assert.match(read(dir, 'src/app/mcp/route.ts'), 'createMcpHandler(app)');
  const other = tempProject('src');
  const { code, err } = await cli(['init', '--docs-ui=redoc', '--skip-install'], other);
  assert.is(code, 1);
  assert.match(err, 'next-app-controllers init: --docs-ui takes swagger (Swagger UI, the default) or scalar');
});

mainSuite('a failing command prints its message without a stack and exits with 1', async () => {
  const dir = tempProject('src');
  const { code, err } = await cli(['g', 'controller', '../x'], dir);
  assert.is(code, 1);
  assert.match(err, 'next-app-controllers generate controller: Invalid controller name "../x"');
  assert.not.match(err, '    at ');
});

mainSuite.run();

const binSuite = suite('bin/next-app-controllers.mjs');
binSuite.after.each(cleanup);

binSuite('under plain node with stdin an open pipe, conflicts are skipped and the command finishes (no prompt, no hang)', async () => {
  const dir = tempProject('src');
  write(dir, 'src/app.ts', '// mine\n');
  const { code, out, err } = await bin(['init', '--skip-install'], dir);
  assert.is(code, 0, out + err);
  assert.is(read(dir, 'src/app.ts'), '// mine\n');
  assert.match(out + err, 'skipped (already exist and differ; run again with --force to overwrite):\n    src/app.ts');
});

binSuite('not a Next.js project: message, exit code 1, nothing written', async () => {
  const dir = tempProject('src');
  write(dir, 'package.json', '{ "name": "plain" }\n');
  const before = snapshot(dir);
  const { code, out, err } = await bin(['init', '--swagger', '--skip-install'], dir);
  assert.is(code, 1);
  assert.match(err, 'does not list `next`');
  assert.not.match(err, '    at ');
  assert.equal(snapshot(dir), before);
  // Regression: Yeoman's own "An error occured while running next-app-controllers:init#initializing" came first.
  assert.not.match(out + err, 'An error occured');
});

binSuite.run();
