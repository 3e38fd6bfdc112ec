#!/usr/bin/env node
// The pages the docs build generates before `next build` (gitignored), run by `npm run build` and `npm run dev` in
// docs/: the reference from the library's TSDoc (scripts/reference.mjs) and the example's API from its OpenAPI
// document (scripts/example-api.mjs, which runs the CLI's `openapi --out` in example/). Any failure stops the build.
import { generateExampleApi } from './example-api.mjs';
import { generateReference } from './reference.mjs';

async function step(name, work) {
  const started = performance.now();
  try {
    const summary = await work();
    console.log(`docs: ${name}: ${summary} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    console.error(`docs: ${name} failed: ${error.message}`);
    process.exit(1);
  }
}

await step('reference', async () => `${(await generateReference()).length} pages in content/docs/reference/`);
await step('example-api', () => generateExampleApi());
