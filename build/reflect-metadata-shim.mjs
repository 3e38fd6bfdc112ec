// Node parses every CommonJS file that an ES module imports with its export lexer, before running it, to find named
// exports. For reflect-metadata's 64 KB Reflect.js that cost about 20 ms of CPU on each cold start, most of it after
// the import, as V8 optimised the lexer (measured in a fresh process: `import 'reflect-metadata'` 27-29 ms, `require`
// 4 ms). In the ES build, `import 'reflect-metadata'` therefore becomes an import of a one-line CommonJS file that
// `require`s it: the lexer reads one line. Bundlers follow that require as they followed the import.
import MagicString from 'magic-string';
import { posix } from 'node:path';

export const SHIM_FILE = 'reflect-metadata.cjs';
const SHIM_SOURCE = "require('reflect-metadata');\n";
const IMPORT = /import\s*(["'])reflect-metadata\1;?/g;

/** Rollup output plugin for the ES build: emits dist/reflect-metadata.cjs and points the chunks' import at it. */
export function reflectMetadataShim() {
  return {
    name: 'reflect-metadata-shim',
    renderChunk(code, chunk, options) {
      if (options.format !== 'es' || !chunk.imports.includes('reflect-metadata')) return null;
      let target = posix.relative(posix.dirname(chunk.fileName), SHIM_FILE);
      if (!target.startsWith('.')) target = `./${target}`;
      const source = new MagicString(code);
      let found = false;
      for (const match of code.matchAll(IMPORT)) {
        found = true;
        source.overwrite(match.index, match.index + match[0].length, `import"${target}";`);
      }
      if (!found) this.error(`${chunk.fileName} imports reflect-metadata in a form the shim does not recognise.`);
      return { code: source.toString(), map: source.generateMap({ hires: true }) };
    },
    generateBundle(options) {
      if (options.format === 'es') this.emitFile({ type: 'asset', fileName: SHIM_FILE, source: SHIM_SOURCE });
    },
  };
}
