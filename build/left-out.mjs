// Modules that the bundled CLI (dist/cli.mjs) never reaches, replaced by a stub that throws on first use.
//
// Why a module may be here: it is imported at the top of a Yeoman file the CLI loads, but only a code path the CLI
// never takes calls it. Each entry says which path. The stub keeps the import working and makes a wrong entry fail
// loudly (an Error naming the module and this file) instead of doing something else quietly.
// test/package/left-out.test.ts checks that the stub throws, and the CLI tests run the bundle end to end.
export const LEFT_OUT = {
  // Yeoman's on-the-fly install of generators from the registry (`yo some-generator`, or fetching yeoman-generator
  // for a function-style generator), with npm's arborist, pacote, sigstore and npm-registry-fetch: most of Yeoman's
  // install weight. Our generators are classes registered with env.register() (bin/run.ts), and generators/install/install.ts
  // spawns `npm install` itself. The environment's constructor makes a FlyRepository: that still works (the stub
  // hands back itself); calling anything on it throws.
  'fly-import': 'Yeoman installs generators from the registry with it (npm arborist); next-app-controllers registers its own',
  // Yeoman's lookup of installed generator-* packages (with fast-glob, micromatch, ignore). bin/run.ts registers
  // each generator class under its namespace before creating it, so the environment never looks one up.
  globby: "Yeoman looks up installed generator-* packages with it; next-app-controllers registers its generators by class",
  // yeoman-generator's addDependencies() asks the registry for the latest version of an unpinned dependency (with
  // ky, registry-url, npm-conf). Our generators never call it: generators/install/install.ts installs pinned ranges with npm.
  'latest-version': 'yeoman-generator asks the registry for unpinned versions with it; next-app-controllers pins them',
  // yeoman-generator's `this.simpleGit` and `this.git.name()/email()` read git config; our generators never do.
  'simple-git': "yeoman-generator reads git config with it; next-app-controllers' generators never do",
  // The `editor` prompt's launcher of $EDITOR (with iconv-lite and chardet). inquirer registers every prompt type;
  // Yeoman's conflict question is an `expand` prompt and our generators ask no other question.
  '@inquirer/external-editor': "inquirer's `editor` prompt opens $EDITOR with it; next-app-controllers asks no editor question",
};

export const STUB_PREFIX = '\0left-out:';

/**
 * The stub's source: calling it, or anything reached from it (a named export, a property), throws an Error that
 * says why. `new` on it hands back the stub: a constructor may run at start-up; using what it made throws.
 */
export function stubSource(id, reason) {
  const message = `${id} is not bundled in the next-app-controllers CLI (${reason}). ` +
    'Something reached a code path the CLI was not built for: see build/left-out.mjs.';
  return `const message = ${JSON.stringify(message)};
const fail = () => { throw new Error(message); };
const stub = new Proxy(function leftOut() {}, {
  apply: fail,
  construct: () => stub,
  get: (target, key) => (typeof key === 'symbol' || key === 'then' || key === 'prototype' ? target[key] : stub),
});
export default stub;
export const __exports = stub;
`;
}

/** Rollup plugin: resolves every LEFT_OUT module (and its subpaths) to its throwing stub. */
export function leaveOut(modules = LEFT_OUT) {
  const reasonOf = (id) => Object.entries(modules).find(([name]) => id === name || id.startsWith(`${name}/`))?.[1];
  return {
    name: 'leave-out',
    resolveId(id) {
      return reasonOf(id) === undefined ? null : `${STUB_PREFIX}${id}`;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const name = id.slice(STUB_PREFIX.length);
      return { code: stubSource(name, reasonOf(name)), syntheticNamedExports: '__exports' };
    },
  };
}
