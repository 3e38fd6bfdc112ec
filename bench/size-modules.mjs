// Where the bytes of what importing the library loads come from: for each file of the entry (bench `size`), each
// source module's share, read from the file's source map. `node bench/size-modules.mjs [dist] [entry]` (default
// `dist` and `index.mjs`; `proxy.mjs` for the proxy entry), after `npm run build`.
//
// Two figures per module: the minified bytes the map gives it, and the gzipped bytes the file loses when they are cut
// out (gzip shares strings across modules, so these do not add up to the file's size: an estimate of what moving the
// module out would save, not an account).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { entryFiles } from './startup.mjs';

const dist = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist/', import.meta.url)));
const entry = process.argv[3] ?? 'index.mjs';
const gzip = (text) => gzipSync(text, { level: 9 }).length;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The source index of every segment of a source map's `mappings`, with its offset in the generated file. */
function segments(code, mappings) {
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const found = [];
  let source = 0;
  mappings.split(';').forEach((line, lineIndex) => {
    let column = 0;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
          continue;
        }
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      found.push({ offset: lineStarts[lineIndex] + column, source: fields.length > 1 ? source : -1 });
    }
  });
  return found.sort((a, b) => a.offset - b.offset);
}

for (const file of entryFiles(dist, entry)) {
  const code = readFileSync(join(dist, file), 'utf8');
  if (!existsSync(join(dist, `${file}.map`))) {
    // reflect-metadata.cjs (build/reflect-metadata-shim.mjs): one line, written by the build, not from a module.
    console.log(`${file}: ${code.length} bytes, gzipped ${gzip(code)} (no source map: written by the build)`);
    continue;
  }
  const map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8'));
  const name = (index) => (index < 0 ? '(no source)' : map.sources[index].replace(/^(\.\.\/)+runtime\//, ''));
  // Each segment runs to the next one. Bytes before the first are its imports (a facade's re-exports); its closing export list, which
  // the map gives to no module, is counted apart.
  const exportsAt = code.search(/export\{[^}]*\}(from"[^"]*")?;?\s*(\/\/# sourceMappingURL=\S*\s*)?$/);
  const end = exportsAt === -1 ? code.length : exportsAt;
  const found = segments(code, map.mappings).filter((segment) => segment.offset < end);
  const pieces = found.map((segment, i) => ({ module: name(segment.source), text: code.slice(segment.offset, found[i + 1]?.offset ?? end) }));
  if (exportsAt !== -1) pieces.push({ module: '(the export list)', text: code.slice(exportsAt) });
  const head = code.slice(0, found[0]?.offset ?? end);
  if (head) pieces.unshift({ module: '(imports, re-exports)', text: head });
  const whole = gzip(code);
  const rows = [...new Set(pieces.map((piece) => piece.module))].map((module) => {
    const own = pieces.filter((piece) => piece.module === module);
    const rest = pieces.filter((piece) => piece.module !== module).map((piece) => piece.text).join('');
    return { module, bytes: own.reduce((sum, piece) => sum + piece.text.length, 0), gzipSaved: whole - gzip(rest) };
  });
  rows.sort((a, b) => b.gzipSaved - a.gzipSaved);
  console.log(`${file}: ${code.length} bytes, gzipped ${whole}`);
  console.log('  gzip saved without it   bytes   module');
  for (const row of rows) console.log(`${String(row.gzipSaved).padStart(22)} ${String(row.bytes).padStart(7)}   ${row.module}`);
}
