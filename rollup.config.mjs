import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { leaveOut } from './build/left-out.mjs';
import { CLI_MINIFY, MINIFY } from './build/minify.mjs';
import { inlineOwnPackageJson } from './build/own-package-json.mjs';
import { reflectMetadataShim } from './build/reflect-metadata-shim.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const dependencies = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
// Every dependency, and any of its subpaths, stays an import: the host bundler must resolve the same copy the
// user's DTO files use (class-transformer keeps its @Type metadata per copy).
const external = (id) => id.startsWith('node:') || dependencies.some((name) => id === name || id.startsWith(`${name}/`));

// Comments stay in the sources and the .d.ts; the JavaScript ships without them.
const compilerOptions = { noEmit: false, declaration: false, module: 'ESNext', target: 'ES2022', removeComments: true };

// Chunk names carry content hashes: after writing, remove the chunks of earlier builds so none ships. (Emptying
// dist/ first would break a `next build` or `next dev` reading it at that moment.) Each build owns one folder of chunks.
const removeStaleChunks = (extension, folder) => ({
  name: 'remove-stale-chunks',
  writeBundle(options, bundle) {
    const dir = join(options.dir, folder);
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const current = bundle[`${folder}/${name}`] !== undefined;
      if (!current && (name.endsWith(`.${extension}`) || name.endsWith(`.${extension}.map`))) rmSync(join(dir, name));
    }
  },
});

// What an application loads on its first validated request (reading each input kind, class-validator and
// class-transformer's side, the serialiser's check of class instances, the ESM/CJS interop they share) is one chunk,
// not one per module: a cold function reads and links one file instead of seven. Modules the entries import stay in
// the entries.
const FIRST_VALIDATION = [
  '/runtime/validation/',
  '/runtime/dto/',
  '/runtime/inputs/',
  '/runtime/schema/schema-inputs.ts',
  '/runtime/schema/schema-validation.ts',
  // Shared by the contract and the OpenAPI chunks, which both import this one already: no chunk of their own.
  '/runtime/core/standard-schema.ts',
  '/runtime/schema/schema-name.ts',
  '/runtime/responses/plain-instances.ts',
  '/runtime/peers/interop.ts',
];

function manualChunks(id, { getModuleIds, getModuleInfo }) {
  if (!FIRST_VALIDATION.some((part) => id.includes(part))) return undefined;
  return staticallyImported(getModuleIds, getModuleInfo).has(id) ? undefined : 'validation';
}

/** Every module the entries import without `import()`. */
function staticallyImported(getModuleIds, getModuleInfo) {
  const seen = new Set();
  const visit = (id) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  for (const id of getModuleIds()) if (getModuleInfo(id)?.isEntry) visit(id);
  return seen;
}

// The OpenAPI and Swagger UI code is imported dynamically by runtime/docs.ts and becomes chunks of its own.
// Two builds. The library (index) with `next-app-controllers/testing` (runtime/testing.ts: testAuth, never imported by
// the others, which takes what it shares with the library from index.mjs) and `next-app-controllers/dto` (runtime/dto/
// entry.ts: reflect-metadata alone, for DTO files) and `next-app-controllers/actions` (runtime/actions.ts: routes as Server
// Actions, which imports no module of the library's: nothing it carries moves out of index.mjs); `next-app-controllers/jobs`
// (runtime/jobs.ts: the queues, @Scheduled, the durable sendWebhook; bullmq and croner stay imports, loaded on first use),
// built alone into chunks/jobs/ like the proxy: as another entry of the library's build it split the modules both import
// out of index.mjs into a shared chunk that importing the library then loaded too (+660 B gzipped). It meets the
// library's copy through registries on `globalThis` only (jobs/runtime.ts, jobs/secrets.ts, @Scheduled's records); and `next-app-controllers/proxy`
// (runtime/proxy.ts), light enough for a proxy or an Edge middleware, built alone into chunks/proxy/. The proxy shares
// nothing with the library's files, so that importing the library loads one file (and the reflect-metadata shim) with
// no shared chunk beside it: 660 bytes less gzipped than when the two shared a chunk. The price: the few modules both
// carry (HttpError, RouteContext, the responses' builder, CORS) are two copies; HttpError's `instanceof` answers across
// them (its Symbol.hasInstance reads a registered symbol), as it does across the ES and CommonJS builds.
const LIBRARY_ENTRIES = { index: 'runtime/index.ts', testing: 'runtime/testing.ts', dto: 'runtime/dto/entry.ts', actions: 'runtime/actions.ts' };
const PROXY_ENTRY = { proxy: 'runtime/proxy.ts' };
const JOBS_ENTRY = { jobs: 'runtime/jobs.ts' };
const ENTRIES = { ...LIBRARY_ENTRIES, ...PROXY_ENTRY, ...JOBS_ENTRY };
const output = (format, extension, chunks) => ({
  dir: 'dist',
  format,
  sourcemap: true,
  entryFileNames: `[name].${extension}`,
  chunkFileNames: `${chunks}/[name]-[hash].${extension}`,
  manualChunks,
  onlyExplicitManualChunks: true,
  // What the lazily loaded chunks import from an entry is exported under short names (`a`, `b` …) beside the public
  // ones (see preserveEntrySignatures below): no declaration names them, and no internal name reads as an API.
  minifyInternalExports: true,
  ...(format === 'cjs' ? { exports: 'named' } : {}),
  // Minified: what importing the library loads is paid by every app's cold start. Class and function names are kept,
  // so stack traces and error messages still read.
  plugins: [terser(MINIFY), reflectMetadataShim(), removeStaleChunks(extension, chunks)],
});

const runtimeBuild = (input, chunks) => ({
  input,
  external,
  output: [output('es', 'mjs', chunks), output('cjs', 'cjs', chunks)],
  // The entries are the chunks themselves, not facades re-exporting a shared chunk: index.mjs holds the decorators
  // and createApplication. The price: each entry also exports, under short names, what the lazily loaded chunks take
  // from it.
  preserveEntrySignatures: 'allow-extension',
  plugins: [typescript({ tsconfig: './tsconfig.json', include: ['runtime/**/*.ts'], compilerOptions })],
});

export default [
  runtimeBuild(LIBRARY_ENTRIES, 'chunks'),
  runtimeBuild(PROXY_ENTRY, 'chunks/proxy'),
  runtimeBuild(JOBS_ENTRY, 'chunks/jobs'),
  {
    input: ENTRIES,
    external,
    // The same declarations twice: .d.ts for `import` (the package is "type": "module") and .d.cts for `require`, so
    // TypeScript sees a CommonJS module where Node loads dist/index.cjs (not "ESM masquerading as CJS").
    output: [
      { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'chunks/[name]-[hash].d.ts' },
      { dir: 'dist', format: 'es', entryFileNames: '[name].d.cts', chunkFileNames: 'chunks/[name]-[hash].d.cts' },
    ],
    plugins: [dts({ tsconfig: './tsconfig.json' })],
  },
  // The CLI ships as one file with its dependencies inside (Yeoman, jsonc-parser, pluralize: devDependencies), as
  // create-next-app does, so installing the library adds no CLI packages. The project's own `typescript` is loaded
  // from the project at run time (generators/project/typescript.ts). Templates stay in generators/*/templates, found
  // from the package root (generators/paths.ts). Modules the CLI never reaches: build/left-out.mjs.
  {
    input: 'bin/cli.ts',
    // Circular imports and top-level `this` in the bundled packages are theirs and harmless here; warnings about our
    // own code still show.
    onwarn(warning, warn) {
      const inDependency = (id) => typeof id === 'string' && id.includes('node_modules');
      if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every(inDependency)) return;
      if (warning.code === 'THIS_IS_UNDEFINED' && inDependency(warning.id)) return;
      warn(warning);
    },
    external: (id) => id.startsWith('node:') || builtinModules.includes(id) || id === 'typescript',
    output: { file: 'dist/cli.mjs', format: 'es', inlineDynamicImports: true },
    plugins: [
      leaveOut(),
      inlineOwnPackageJson(),
      nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }),
      commonjs(),
      json(),
      typescript({ tsconfig: './tsconfig.json', include: ['bin/**/*.ts', 'generators/**/*.ts'], compilerOptions }),
      // Minified to keep the tarball small; names kept so an error's stack (NEXT_APP_CONTROLLERS_DEBUG=1) still reads.
      terser(CLI_MINIFY),
    ],
  },
];
