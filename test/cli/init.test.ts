import { stripVTControlCharacters } from 'node:util';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TestAdapter } from '@yeoman/adapter/testing';
import { cleanup, emptyTempDir, read, REPO_ROOT, run, snapshot, tempProject, write } from './helpers';

const init = suite('init generator');
init.after.each(cleanup);

const APP_TS = `import { createApplication } from 'next-app-controllers';

export const app = createApplication({
  controllers: [],
  // For class-validator DTOs: a field the DTO does not declare is a 422 naming it. Zod, Valibot and ArkType
  // schemas decide for themselves (a z.object drops unknown keys, a z.strictObject answers a 422).
  validation: { whitelist: true, forbidNonWhitelisted: true },
});
`;

init('src layout: writes the app module and the catch-all route, and patches tsconfig keeping its comments', async () => {
  const dir = tempProject('src');
  const { summary, error } = await run('init', dir);
  assert.is(error, undefined);
  assert.is(read(dir, 'src/app.ts'), APP_TS);
  assert.is(
    read(dir, 'src/app/api/[[...route]]/route.ts'),
    "import { app } from '@/app';\n\nexport const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = app.handlers;\n",
  );
  const tsconfig = read(dir, 'tsconfig.json');
  assert.ok(tsconfig.includes('// A create-next-app tsconfig, with comments: `init` must keep them.'));
  assert.ok(tsconfig.includes('"strict": true, // keep strict mode'));
  assert.ok(tsconfig.includes('/* Next.js adds this plugin */'));
  assert.ok(tsconfig.includes('"experimentalDecorators": true'));
  assert.ok(tsconfig.includes('"emitDecoratorMetadata": true'));
  assert.not.ok(existsSync(join(dir, 'src/app/api/openapi.json/route.ts')), 'no swagger files without --swagger');
  assert.not.ok(read(dir, 'next.config.ts').includes('serverExternalPackages'));
  assert.equal(summary!.written, ['src/app.ts', 'src/app/api/[[...route]]/route.ts', 'src/proxy.ts', 'src/instrumentation.ts']);
  assert.equal(summary!.updated, ['tsconfig.json']);
  // Regression: --skip-install printed `npm install next-app-controllers@0.1.0`, which no registry serves (E404).
  const install = summary!.manual.find((step) => step.startsWith('Install the dependencies'))!;
  assert.match(install, `npm pack ${REPO_ROOT.replace(/\/$/, '')} --pack-destination .\n`);
  assert.match(install, 'npm install file:next-app-controllers-0.1.0.tgz class-validator@');
});

init('root layout: app.ts next to app/, and a relative import when there is no @/* alias', async () => {
  const dir = tempProject('root');
  write(dir, 'tsconfig.json', read(dir, 'tsconfig.json').replace(/"paths": \{[^}]*\}/, '"baseUrl": "."'));
  const { error } = await run('init', dir, [], { swagger: true });
  assert.is(error, undefined);
  assert.is(read(dir, 'app.ts'), APP_TS);
  assert.ok(read(dir, 'app/api/[[...route]]/route.ts').startsWith("import { app } from '../../../app';"));
  assert.ok(read(dir, 'app/api/openapi.json/route.ts').startsWith("import '../../../app';"));
  assert.ok(existsSync(join(dir, 'app/api-docs/[[...file]]/route.ts')));
});

init('root layout with the @/* alias imports @/app', async () => {
  const dir = tempProject('root');
  await run('init', dir);
  assert.ok(read(dir, 'app/api/[[...route]]/route.ts').startsWith("import { app } from '@/app';"));
});

init('--swagger writes both documentation routes and merges the settings into next.config.ts', async () => {
  const dir = tempProject('src');
  const { summary } = await run('init', dir, [], { swagger: true });
  assert.is(
    read(dir, 'src/app/api/openapi.json/route.ts'),
    "import '@/app';\nimport { generateOpenApiDocument } from 'next-app-controllers';\n\nexport async function GET() {\n  return Response.json(await generateOpenApiDocument({ title: 'API' }));\n}\n",
  );
  assert.is(
    read(dir, 'src/app/api-docs/[[...file]]/route.ts'),
    "import { createSwaggerUiHandler } from 'next-app-controllers';\n\nexport const GET = createSwaggerUiHandler({ openApiUrl: '/api/openapi.json' });\n",
  );
  const config = read(dir, 'next.config.ts');
  assert.ok(
    config.includes(
      '  cacheComponents: true,\n  serverExternalPackages: ["swagger-ui-dist"],\n' +
        '  outputFileTracingIncludes: { "/api-docs": ["./node_modules/swagger-ui-dist/*"], "/api/openapi.json": ["./openapi.json"] },\n};',
    ),
    config,
  );
  assert.ok(summary!.updated.includes('next.config.ts'));
  assert.ok(summary!.manual.some((step) => step.includes('class-validator-jsonschema@') && step.includes('swagger-ui-dist@')));
  const pkg = JSON.parse(read(dir, 'package.json')) as { scripts: Record<string, string> };
  assert.is(pkg.scripts.openapi, 'next-app-controllers openapi');
  assert.is(pkg.scripts.dev, 'next dev', 'the other scripts are kept');
  // Issue 51: a minified production build reads the class names back from the openapi.json written first.
  assert.is(pkg.scripts.build, 'next-app-controllers openapi && next build');
  assert.not.match(config, 'serverMinification');
  assert.ok(read(dir, 'package.json').includes('"start": "next start",\n    "openapi": "next-app-controllers openapi"\n  },'), 'in the layout of the file');
  assert.ok(summary!.updated.includes('package.json'));
});

init('--docs-ui scalar writes the document and a Scalar page at /api-docs, installs @scalar/api-reference and traces its bundle', async () => {
  const dir = tempProject('src');
  const { summary, error } = await run('init', dir, [], { docsUi: 'scalar' });
  assert.is(error, undefined);
  assert.ok(existsSync(join(dir, 'src/app/api/openapi.json/route.ts')));
  assert.is(
    read(dir, 'src/app/api-docs/[[...file]]/route.ts'),
    "import { createScalarHandler } from 'next-app-controllers';\n\nexport const GET = createScalarHandler({ openApiUrl: '/api/openapi.json' });\n",
  );
  const config = read(dir, 'next.config.ts');
  assert.ok(
    config.includes(
      '  cacheComponents: true,\n  outputFileTracingIncludes: { "/api-docs": ' +
        '["./node_modules/@scalar/api-reference/package.json", "./node_modules/@scalar/api-reference/dist/browser/standalone.js"], "/api/openapi.json": ["./openapi.json"] },\n};',
    ),
    config,
  );
  assert.not.match(config, 'swagger-ui-dist');
  const install = summary!.manual.find((step) => step.startsWith('Install the dependencies'))!;
  assert.match(install, 'class-validator-jsonschema@');
  assert.match(install, '@scalar/api-reference@');
  assert.not.match(install, 'swagger-ui-dist');
});

init('--mcp writes app/mcp/route.ts serving the app module\'s application, the openapi script first in the build, and installs the SDK with zod', async () => {
  const dir = tempProject('src');
  const { summary, error } = await run('init', dir, [], { mcp: true });
  assert.is(error, undefined);
  assert.is(
    read(dir, 'src/app/mcp/route.ts'),
    "import { createMcpHandler } from 'next-app-controllers';\nimport { app } from '@/app';\n\n" +
      "// The routes marked @McpTool() are the tools; createMcpHandler(app, { tools: 'all' }) makes every route one.\n" +
      'export const { GET, POST, DELETE } = createMcpHandler(app);\n',
  );
  assert.not.ok(existsSync(join(dir, 'src/app/api/openapi.json/route.ts')), 'no docs routes without --swagger');
  // Issue 51: a minified build reads the tools' operationIds from openapi.json, traced for the route.
  assert.ok(read(dir, 'next.config.ts').includes('  cacheComponents: true,\n  outputFileTracingIncludes: { "/mcp": ["./openapi.json"] },\n};'), read(dir, 'next.config.ts'));
  assert.is((JSON.parse(read(dir, 'package.json')) as { scripts: Record<string, string> }).scripts.build, 'next-app-controllers openapi && next build');
  const install = summary!.manual.find((step) => step.startsWith('Install the dependencies'))!;
  for (const name of ['@modelcontextprotocol/sdk@', 'zod@', 'class-validator-jsonschema@']) assert.match(install, name);
  assert.ok(summary!.written.includes('src/app/mcp/route.ts'));
});

init('--swagger --mcp: each next.config setting and script is written once', async () => {
  const dir = tempProject('src');
  await run('init', dir, [], { swagger: true, mcp: true });
  const config = read(dir, 'next.config.ts');
  assert.is(config.split('swagger-ui-dist"]').length, 2, config);
  assert.is((JSON.parse(read(dir, 'package.json')) as { scripts: Record<string, string> }).scripts.build, 'next-app-controllers openapi && next build');
  assert.ok(existsSync(join(dir, 'src/app/mcp/route.ts')));
  assert.match(read(dir, 'src/app/api-docs/[[...file]]/route.ts'), 'createSwaggerUiHandler');
});

init('--docs-ui with another value is an error before anything is written', async () => {
  const dir = tempProject('src');
  const { error } = await run('init', dir, [], { docsUi: 'redoc' });
  assert.is(error?.message, '--docs-ui takes swagger (Swagger UI, the default) or scalar (Scalar\'s API reference), not "redoc".');
  assert.not.ok(existsSync(join(dir, 'src/app.ts')));
});

init('--swagger keeps an "openapi" script of the user\'s and says so; without --swagger no script is added', async () => {
  const own = tempProject('src');
  write(own, 'package.json', read(own, 'package.json').replace('"start": "next start"', '"start": "next start",\n    "openapi": "my-own-tool"'));
  const { summary } = await run('init', own, [], { swagger: true });
  assert.is((JSON.parse(read(own, 'package.json')) as { scripts: Record<string, string> }).scripts.openapi, 'my-own-tool');
  assert.ok(summary!.warnings.some((warning) => warning.includes('already has an "openapi" script (my-own-tool)')));
  const plain = tempProject('src');
  await run('init', plain);
  assert.is((JSON.parse(read(plain, 'package.json')) as { scripts: Record<string, string> }).scripts.openapi, undefined);
  assert.is((JSON.parse(read(plain, 'package.json')) as { scripts: Record<string, string> }).scripts.build, 'next build');
});

init('--swagger keeps a build script that is not `next build` and says to run openapi before it', async () => {
  const own = tempProject('src');
  write(own, 'package.json', read(own, 'package.json').replace('"build": "next build"', '"build": "turbo run build"'));
  const { summary } = await run('init', own, [], { swagger: true });
  assert.is((JSON.parse(read(own, 'package.json')) as { scripts: Record<string, string> }).scripts.build, 'turbo run build');
  assert.ok(summary!.warnings.some((warning) => warning.includes('"build" script (turbo run build) was kept: run `next-app-controllers openapi` before `next build`')));
});

init('an unrecognisable next.config is left untouched and the lines to add are printed', async () => {
  const dir = tempProject('src');
  const config = "import withPlugin from 'plugin';\nexport default withPlugin({});\n";
  write(dir, 'next.config.ts', config);
  const { summary, output } = await run('init', dir, [], { swagger: true });
  assert.is(read(dir, 'next.config.ts'), config);
  assert.ok(summary!.manual.some((step) => step.includes("serverExternalPackages: ['swagger-ui-dist'],")));
  assert.match(output, "serverExternalPackages: ['swagger-ui-dist'],");
});

init('tsconfig without compilerOptions (extends only) is kept and the additions are printed', async () => {
  const dir = tempProject('src');
  write(dir, 'tsconfig.json', '{\n  // shared\n  "extends": "./tsconfig.base.json"\n}\n');
  const { summary, output, error } = await run('init', dir);
  assert.is(error, undefined);
  assert.is(read(dir, 'tsconfig.json'), '{\n  // shared\n  "extends": "./tsconfig.base.json"\n}\n');
  assert.match(output, 'uses "extends"');
  assert.match(output, '"experimentalDecorators": true,');
  assert.ok(existsSync(join(dir, 'src/app.ts')), 'the rest of the wiring still happens');
  assert.not.ok(summary!.updated.includes('tsconfig.json'));
});

init('a second run changes nothing and reports the files as unchanged', async () => {
  const dir = tempProject('src');
  await run('init', dir, [], { swagger: true });
  const before = snapshot(dir);
  const { summary } = await run('init', dir, [], { swagger: true });
  assert.equal(snapshot(dir), before);
  assert.equal(summary!.written, []);
  assert.equal(summary!.updated, []);
  assert.is(summary!.unchanged.length, 6);
  // Regression: the proxy init wrote the first time was left out of the second run's summary.
  assert.ok(summary!.unchanged.includes('src/proxy.ts'), summary!.unchanged.join(', '));
  assert.ok(summary!.unchanged.includes('src/instrumentation.ts'), summary!.unchanged.join(', '));
});

init('without a terminal, an existing different file is kept, listed as skipped, and the command finishes', async () => {
  const dir = tempProject('src');
  write(dir, 'src/app.ts', '// my own app module\n');
  const { summary, error } = await run('init', dir);
  assert.is(error, undefined);
  assert.is(read(dir, 'src/app.ts'), '// my own app module\n');
  assert.equal(summary!.skipped, ['src/app.ts']);
  assert.ok(summary!.written.includes('src/app/api/[[...route]]/route.ts'));
});

init('--force overwrites an existing file without asking', async () => {
  const dir = tempProject('src');
  write(dir, 'src/app.ts', '// my own app module\n');
  const asked: string[] = [];
  const adapter = new TestAdapter({ callback: (answer, { question }) => (asked.push(String(question.name)), answer) });
  const { summary } = await run('init', dir, [], { force: true }, adapter as never);
  assert.is(read(dir, 'src/app.ts'), APP_TS);
  assert.ok(summary!.written.includes('src/app.ts'));
  assert.equal(asked, []);
});

init("in a terminal, Yeoman's conflict prompt decides per file", async () => {
  for (const [action, expected] of [['write', APP_TS], ['skip', '// mine\n']] as const) {
    const dir = tempProject('src');
    write(dir, 'src/app.ts', '// mine\n');
    const asked: string[] = [];
    const adapter = new TestAdapter({
      mockedAnswers: { action },
      callback: (answer, { question }) => (asked.push(`${String(question.name)}: ${String(question.message)}`), answer),
    });
    const { summary } = await run('init', dir, [], {}, adapter as never);
    assert.is(read(dir, 'src/app.ts'), expected);
    assert.is(asked.length, 1);
    assert.match(asked[0], 'action: Overwrite src/app.ts?');
    assert.equal(action === 'write' ? summary!.written.includes('src/app.ts') : summary!.skipped, action === 'write' ? true : ['src/app.ts']);
  }
});

init('not a Next.js project: clear error and nothing written', async () => {
  const noPackage = emptyTempDir();
  const first = await run('init', noPackage);
  assert.match(first.error!.message, 'No package.json in');
  assert.equal(snapshot(noPackage), {});

  const noNext = emptyTempDir();
  write(noNext, 'package.json', '{ "name": "x", "dependencies": { "react": "19.0.0" } }');
  const second = await run('init', noNext, [], { swagger: true });
  assert.match(second.error!.message, 'does not list `next`: this is not a Next.js project');
  assert.equal(Object.keys(snapshot(noNext)), ['package.json']);
});

init('a Next.js project without an app directory (Pages Router): clear error and nothing written', async () => {
  const dir = tempProject('src');
  const { rmSync } = await import('node:fs');
  rmSync(join(dir, 'src/app'), { recursive: true });
  const before = snapshot(dir);
  const { error } = await run('init', dir, [], { swagger: true });
  assert.match(error!.message, 'No app directory (src/app or app)');
  assert.equal(snapshot(dir), before);
});

// Regression: a second init called app.ts skipped and hinted at --force, which reset it to `controllers: []`.
init('a second init finds an app module with registered controllers unchanged, and --force keeps them', async () => {
  const dir = tempProject('src');
  await run('init', dir);
  await run('controller', dir, ['posts']);
  const registered = read(dir, 'src/app.ts');
  const again = await run('init', dir);
  assert.equal(again.summary!.skipped, []);
  assert.ok(again.summary!.unchanged.includes('src/app.ts'));
  write(dir, 'src/app.ts', registered.replace('validation: { whitelist: true, forbidNonWhitelisted: true },', 'bodyLimit: 10,'));
  const forced = await run('init', dir, [], { force: true });
  assert.ok(forced.summary!.written.includes('src/app.ts'));
  assert.is(read(dir, 'src/app.ts'), registered);
});

init('config edits show as `update` in the log, not `force`', async () => {
  const dir = tempProject('src');
  const output = stripVTControlCharacters((await run('init', dir, [], { swagger: true })).output);
  assert.match(output, 'update tsconfig.json');
  assert.match(output, 'update next.config.ts');
  assert.not.match(output, 'force');
});

init('the package manager comes from the lockfile: a yarn project is told to `yarn add`, never `npm install`', async () => {
  const dir = tempProject('src');
  write(dir, 'yarn.lock', '');
  const { summary } = await run('init', dir);
  assert.is(summary!.packageManager, 'yarn');
  const install = summary!.manual.find((step) => step.startsWith('Install the dependencies'))!;
  assert.match(install, '\n  yarn add file:next-app-controllers-0.1.0.tgz class-validator@');
  assert.not.match(install, 'npm install');
});

init.run();
