interface NodeProcess {
  cwd(): string;
  getBuiltinModule?(id: 'fs/promises'): typeof import('node:fs/promises');
  getBuiltinModule?(id: 'path'): typeof import('node:path');
  getBuiltinModule?(id: 'module'): typeof import('node:module');
}

/**
 * Node's fs, path and module through `process.getBuiltinModule` (Node 20.16+) rather than imports. Bundlers follow
 * the library's lazy chunks into every bundle that imports it: in an Edge route Turbopack warned about each Node
 * module and webpack failed the build on them. Only code that runs on Node.js calls this; `feature` names it in the
 * error thrown elsewhere.
 */
export function nodeRuntime(feature: string) {
  const node = (globalThis as { process?: NodeProcess }).process;
  if (typeof node?.getBuiltinModule !== 'function') {
    throw new Error(`${feature} needs the Node.js runtime, 20.16 or later.`);
  }
  return {
    fs: node.getBuiltinModule('fs/promises'),
    path: node.getBuiltinModule('path'),
    module: node.getBuiltinModule('module'),
    cwd: node.cwd(),
  };
}

/**
 * Loads a package with Node's own `require`, resolved from the project root (a monorepo's hoisted copy too). This is
 * how optional peers are reached: a bundler resolves every literal `import('x')` at build time, used or not, and
 * Turbopack fails the build when `x` is not installed. Loaded here, a missing package is an error at call time only.
 */
export function requireFromProject<T>(id: string, feature: string): T {
  const { module, path, cwd } = nodeRuntime(feature);
  return module.createRequire(path.join(cwd, 'package.json'))(id) as T;
}
