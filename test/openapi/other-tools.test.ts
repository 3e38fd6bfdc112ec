import SwaggerParser from '@apidevtools/swagger-parser';
import { createClient } from '@hey-api/openapi-ts';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { validate as readmeValidate } from '@readme/openapi-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { OpenApiDocument, OpenApiOptions } from '../../runtime/index';
import { createDocumentGenerator } from '../../runtime/openapi/index';
import { EXAMPLE_DOCUMENTS, exampleDocument } from './example-documents';
import { lintApp, lintSecuritySchemes } from './lint/app';

// Issue 44, items 12–14: what other people's OpenAPI tools say about the documents we generate, on the example's
// documents (3.1, 3.2, each API version) and on a fixture app (Zod, versions, SSE, an upload form, @ApiSecurity).
// Validators: valid. Linters (Spectral's spectral:oas, Redocly's recommended): no finding under the rulesets in
// ./lint/, which turn off only matters of taste and say why. A third-party client generator: its output compiles
// under tsc --strict.

const { Spectral, Document } = spectralCore as typeof import('@stoplight/spectral-core');
const { Json } = spectralParsers as typeof import('@stoplight/spectral-parsers');
const REPO = fileURLToPath(new URL('../..', import.meta.url));
// A JavaScript ruleset, as Spectral's CLI takes one (`spectral lint -r test/openapi/lint/spectral-ruleset.mjs`).
const { default: spectralRuleset } = (await import(new URL('./lint/spectral-ruleset.mjs', import.meta.url).href)) as { default: unknown };

const generateFixture = createDocumentGenerator();
const FIXTURE_DOCUMENTS: Record<string, Partial<OpenApiOptions>> = {
  'fixture 3.1': {},
  'fixture 3.2': { openapi: '3.2' },
  'fixture v1': { apiVersion: '1' },
  'fixture v2 3.2': { apiVersion: '2', openapi: '3.2' },
};
const fixtureDocument = (options: Partial<OpenApiOptions>) =>
  generateFixture({ title: 'Bookmarks', applications: [lintApp], securitySchemes: lintSecuritySchemes, ...options });

const DOCUMENTS: [string, () => Promise<OpenApiDocument>][] = [
  ...Object.entries(EXAMPLE_DOCUMENTS).map(([name, options]) => [name, () => exampleDocument(options)] as [string, () => Promise<OpenApiDocument>]),
  ...Object.entries(FIXTURE_DOCUMENTS).map(([name, options]) => [name, () => fixtureDocument(options)] as [string, () => Promise<OpenApiDocument>]),
];

/** The components a 3.1 document refers to only from `x-itemSchema`, an extension linters do not read. */
function referredOnlyFromExtensions(document: OpenApiDocument): Set<string> {
  const withoutExtensions = JSON.stringify(document.paths, (key, value) => (key.startsWith('x-') ? undefined : value));
  const all = JSON.stringify(document.paths);
  const names = new Set<string>();
  for (const [, name] of all.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) if (!withoutExtensions.includes(`"#/components/schemas/${name}"`)) names.add(name);
  return names;
}

const validators = suite('other tools: the documents are valid');

// Swagger Parser 13 and @readme/openapi-parser 9 know 3.0 and 3.1 only ("Unsupported OpenAPI version: 3.2.0", "OpenAPI
// 3.2 is currently unsupported"): the 3.2 documents are validated by Redocly's `spec` rule below, and by
// @seriousme/openapi-schema-validator in openapi-3-2.test.ts.
for (const [name, document] of DOCUMENTS.filter(([each]) => !each.endsWith('3.2'))) {
  validators(`${name}: @apidevtools/swagger-parser and @readme/openapi-parser find it valid`, async () => {
    const doc = await document();
    await SwaggerParser.validate(structuredClone(doc) as never);
    const result = await readmeValidate(structuredClone(doc) as never);
    assert.ok(result.valid, JSON.stringify((result as { errors?: unknown }).errors));
  });
}

for (const [name, document] of DOCUMENTS) {
  validators(`${name}: valid against the official OpenAPI schema of its version (@seriousme/openapi-schema-validator)`, async () => {
    const result = await new Validator().validate(structuredClone(await document()) as never);
    assert.ok(result.valid, JSON.stringify(result.errors));
  });
}

validators.run();

const linters = suite('other tools: Spectral and Redocly lint the documents clean');
const spectral = new Spectral();
spectral.setRuleset(spectralRuleset as never);
const redoclyConfig = loadConfig({ configPath: join(REPO, 'test/openapi/lint/redocly.yaml') });

for (const [name, document] of DOCUMENTS) {
  linters(`${name}: Spectral spectral:oas (recommended) finds nothing`, async () => {
    const results = await spectral.run(new Document(JSON.stringify(await document(), null, 2), Json));
    assert.equal(results.map((result) => `${result.code} at ${result.path.join('.')}: ${result.message}`), []);
  });

  linters(`${name}: Redocly recommended (with spec) finds nothing`, async () => {
    const doc = await document();
    const problems = await lintFromString({ source: JSON.stringify(doc, null, 2), absoluteRef: join(REPO, 'openapi.json'), config: await redoclyConfig });
    // In 3.1 an @Sse route's items are under x-itemSchema, an extension Redocly does not read: the component it refers
    // to looks unused to Redocly (3.2's itemSchema is read). Nothing else is allowed.
    const extensionOnly = referredOnlyFromExtensions(doc);
    const found = problems
      .filter((problem) => !(problem.ruleId === 'no-unused-components' && extensionOnly.has(String(problem.location[0]?.pointer).split('/').pop() ?? '')))
      .map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    assert.equal(found, []);
  });
}

linters('the linters do find what they are asked to: an unused component and no servers are reported', async () => {
  const doc = structuredClone(await fixtureDocument({})) as OpenApiDocument & { servers?: unknown };
  doc.components.schemas.Unused = { type: 'object' };
  delete doc.servers;
  const codes = (await spectral.run(new Document(JSON.stringify(doc), Json))).map((result) => result.code);
  assert.ok(codes.includes('oas3-unused-component') && codes.includes('oas3-api-servers'), codes.join(', '));
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: join(REPO, 'openapi.json'), config: await redoclyConfig });
  assert.ok(problems.some((problem) => problem.ruleId === 'no-unused-components'), problems.map((problem) => problem.ruleId).join(', '));
});

linters.run();

const generator = suite('other tools: @hey-api/openapi-ts');

for (const [name, document] of [DOCUMENTS[0], DOCUMENTS.find(([each]) => each === 'fixture 3.1')!]) {
  generator(`${name}: the client it writes compiles under tsc --strict, and names no type after a platform one`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hey-api-'));
    try {
      await createClient({ input: structuredClone(await document()) as never, output: dir, logs: { level: 'silent' } } as never);
      const types = readFileSync(join(dir, 'types.gen.ts'), 'utf8');
      assert.not.match(types, /export type (File|Blob|Date|Response|Request) =/);
      const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
      const options = ['--strict', '--noEmit', '--skipLibCheck', '--module', 'esnext', '--moduleResolution', 'bundler', '--target', 'es2022', '--lib', 'es2022,dom,dom.iterable', '--types', 'node', '--typeRoots', join(REPO, 'node_modules/@types')];
      await promisify(execFile)(process.execPath, [tsc, ...options, join(dir, 'index.ts')], { timeout: 120_000 }).catch((error: { stdout?: string }) => {
        assert.unreachable(`tsc --strict failed:\n${error.stdout}`);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

generator.run();
