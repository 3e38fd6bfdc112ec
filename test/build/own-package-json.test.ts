import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inlineOwnPackageJson } from '../../build/own-package-json.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FILE = 'yeoman-environment/dist/environment-base.js';
const READ = "require('../package.json')";

interface Context {
  errors: string[];
  error(message: string): never;
}

function context(): Context {
  return {
    errors: [],
    error(message: string): never {
      this.errors.push(message);
      throw new Error(message);
    },
  };
}

const pluginSuite = suite('inlineOwnPackageJson');

pluginSuite("replaces a listed read with the bundled package's name and version", () => {
  const plugin = inlineOwnPackageJson({ [FILE]: READ });
  const transform = plugin.transform as unknown as (this: Context, code: string, id: string) => { code: string } | null;
  const { version } = JSON.parse(readFileSync(`${ROOT}node_modules/yeoman-environment/package.json`, 'utf8')) as { version: string };
  const result = transform.call(context(), `const VERSION = ${READ}.version;`, `${ROOT}node_modules/${FILE}`);
  assert.is(result!.code, `const VERSION = ({"name":"yeoman-environment","version":"${version}"}).version;`);
  assert.is(transform.call(context(), READ, `${ROOT}runtime/index.ts`), null);
});

pluginSuite('fails the build when the read is no longer in its file, or the file is no longer bundled', () => {
  const plugin = inlineOwnPackageJson({ [FILE]: READ });
  const transform = plugin.transform as unknown as (this: Context, code: string, id: string) => unknown;
  assert.throws(() => transform.call(context(), 'const VERSION = readVersion();', `${ROOT}node_modules/${FILE}`), /no longer contains/);
  const buildEnd = plugin.buildEnd as unknown as (this: Context, error?: Error) => void;
  assert.throws(() => buildEnd.call(context()), /not bundled any more: yeoman-environment\/dist\/environment-base.js/);
});

pluginSuite.run();
