import { rollup, type OutputAsset, type OutputChunk } from 'rollup';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { reflectMetadataShim, SHIM_FILE } from '../../build/reflect-metadata-shim.mjs';

// Two entries sharing a module that imports reflect-metadata, so that the import lands in a chunk under chunks/.
const SOURCES: Record<string, string> = {
  'index.js': "import { shared } from 'shared.js'; export const index = () => shared();",
  'other.js': "import { shared } from 'shared.js'; export const other = () => shared();",
  'shared.js': "import 'reflect-metadata'; export const shared = () => typeof Reflect.getMetadata;",
};

async function build(format: 'es' | 'cjs') {
  const bundle = await rollup({
    input: { index: 'index.js', other: 'other.js' },
    external: ['reflect-metadata'],
    plugins: [{ name: 'sources', resolveId: (id) => (id in SOURCES ? id : null), load: (id) => SOURCES[id] ?? null }],
  });
  const { output } = await bundle.generate({ format, chunkFileNames: 'chunks/[name].js', sourcemap: true, plugins: [reflectMetadataShim()] });
  return output;
}

const shim = suite('reflectMetadataShim');

shim('the ES build imports the one-line CommonJS file that requires reflect-metadata, by a path relative to each chunk', async () => {
  const output = await build('es');
  const chunk = output.find((file): file is OutputChunk => file.type === 'chunk' && file.fileName === 'chunks/shared.js')!;
  assert.ok(chunk.code.startsWith(`import"../${SHIM_FILE}";`), chunk.code);
  assert.not.ok(chunk.code.includes("'reflect-metadata'") || chunk.code.includes('"reflect-metadata"'));
  assert.ok(chunk.map, 'the chunk keeps a source map');
  const asset = output.find((file): file is OutputAsset => file.type === 'asset' && file.fileName === SHIM_FILE)!;
  assert.is(asset.source, "require('reflect-metadata');\n");
});

shim('the CommonJS build requires reflect-metadata as it is, and gets no shim file', async () => {
  const output = await build('cjs');
  assert.ok(output.some((file) => file.type === 'chunk' && file.code.includes("require('reflect-metadata')")));
  assert.not.ok(output.some((file) => file.fileName === SHIM_FILE));
});

shim.run();
