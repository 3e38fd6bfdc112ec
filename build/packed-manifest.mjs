// `npm pack` and `npm publish` tar the package.json on disk. Ours carries the repository's scripts, `prepare` among
// them, which npm 11 lists (and would run) as an install script of a tarball dependency: "npm warn install-scripts …
// (prepare: …)". So `prepack` runs `node build/packed-manifest.mjs strip`, which keeps the repository's package.json
// aside and writes one without `scripts` (none of them works outside the repository) and `workspaces`; `postpack`
// runs `restore`. An interrupted pack leaves the copy behind: `restore` (also run by build/ensure-built.mjs) puts it
// back. test/package/check.mjs checks the tarball's package.json.
import { existsSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = join(root, 'package.json');
const kept = join(root, '.package.json.before-pack');

/** What the packed manifest leaves out: every field here only means something inside the repository. */
export const LEFT_OUT_OF_TARBALL = ['scripts', 'workspaces'];

export function restore() {
  if (existsSync(kept)) renameSync(kept, manifest);
}

export function strip() {
  restore();
  const source = readFileSync(manifest, 'utf8');
  const packed = JSON.parse(source);
  for (const field of LEFT_OUT_OF_TARBALL) delete packed[field];
  const { atime, mtime } = statSync(manifest);
  writeFileSync(kept, source);
  // The copy keeps the original's times, so that build/ensure-built.mjs (which compares them with dist/) does not
  // take a pack for an edit.
  utimesSync(kept, atime, mtime);
  writeFileSync(manifest, `${JSON.stringify(packed, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'strip') strip();
  else if (command === 'restore') restore();
  else {
    console.error('Usage: node build/packed-manifest.mjs strip|restore');
    process.exit(1);
  }
}
