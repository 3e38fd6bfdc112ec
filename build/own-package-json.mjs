// Bundled files that read their own package's package.json at run time, by a path relative to themselves. Inside
// dist/cli.mjs that path finds next-app-controllers' package.json instead (Yeoman then refuses to run: "requires
// yeoman-environment at least 4.0.0-rc.0, current version is 0.1.0"). Each read is replaced at build time by the
// package's name and version. The build fails when an expression is no longer in its file (Yeoman was upgraded and
// reads it differently): look at the file again and update the entry.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const OWN_PACKAGE_JSON_READS = {
  'yeoman-environment/dist/environment-base.js': "require('../package.json')",
  'yeoman-environment/dist/module-lookup.js': "JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json')).toString())",
  'yeoman-generator/dist/generator.js': "JSON.parse(readFileSync(pathJoin(_dirname, '../package.json'), 'utf8'))",
};

/** `{ name, version }` of the package that the module `id` (…/node_modules/<file>) belongs to. */
function manifestOf(id, file) {
  const name = file.split('/').slice(0, file.startsWith('@') ? 2 : 1).join('/');
  const packageRoot = id.slice(0, id.length - file.length + name.length);
  const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
  return JSON.stringify({ name, version });
}

/** Rollup plugin: replaces each listed read with the package's name and version. */
export function inlineOwnPackageJson(reads = OWN_PACKAGE_JSON_READS) {
  const done = new Set();
  return {
    name: 'inline-own-package-json',
    transform(code, id) {
      const path = id.replaceAll('\\', '/');
      const file = Object.keys(reads).find((key) => path.endsWith(`/node_modules/${key}`));
      if (!file) return null;
      if (!code.includes(reads[file])) this.error(`${file} no longer contains ${reads[file]}: update build/own-package-json.mjs`);
      done.add(file);
      return { code: code.replace(reads[file], `(${manifestOf(path, file)})`), map: null };
    },
    buildEnd(error) {
      const missed = Object.keys(reads).filter((file) => !done.has(file));
      if (!error && missed.length > 0) this.error(`not bundled any more: ${missed.join(', ')}: update build/own-package-json.mjs`);
    },
  };
}
