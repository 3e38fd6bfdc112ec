/**
 * class-validator-jsonschema, an optional peer, imported where bundlers see it: Turbopack and webpack bundle it into
 * the OpenAPI chunk, so an `output: 'standalone'` build carries it without any tracing setting. The literal import
 * stands inside `try`, which both bundlers take as optional: where the package is not installed the build still
 * succeeds (Turbopack leaves an import that throws; webpack, through Next's optional-peer resolver, an empty module).
 * Either way the caller gets an error naming what is missing, at call time only.
 */
export async function importSchemaGenerator(): Promise<unknown> {
  let module: unknown;
  try {
    module = await import('class-validator-jsonschema');
  } catch (error) {
    throw error;
  }
  const namespace = module as { targetConstructorToSchema?: unknown; default?: { targetConstructorToSchema?: unknown } };
  if (typeof (namespace?.targetConstructorToSchema ?? namespace?.default?.targetConstructorToSchema) !== 'function') {
    throw new Error('class-validator-jsonschema is not installed (the bundler left an empty module in its place).');
  }
  return module;
}

/**
 * @valibot/to-json-schema, an optional peer, imported as class-validator-jsonschema is above and for the same reason:
 * bundled where it is installed, so an `output: 'standalone'` build that documents Valibot schemas carries it.
 */
export async function importValibotConverter(): Promise<unknown> {
  let module: unknown;
  try {
    module = await import('@valibot/to-json-schema');
  } catch (error) {
    throw error;
  }
  return module;
}

interface NodeProcess {
  cwd(): string;
  getBuiltinModule?(id: 'module'): typeof import('node:module');
  getBuiltinModule?(id: 'path'): typeof import('node:path');
}

/**
 * A schema library's JSON Schema converter (`@valibot/to-json-schema`, `zod/v4/core`), loaded with Node's own
 * `require` from the project root when the document is generated: never a literal import, which a bundler would
 * follow and fail on where the package is not installed. node-runtime.ts's `requireFromProject` does the same for
 * Swagger UI; a module both lazily loaded chunks imported would be a chunk (a file of the package) of its own.
 */
export function requireConverter(id: string): unknown {
  const node = (globalThis as { process?: NodeProcess }).process;
  if (typeof node?.getBuiltinModule !== 'function') throw new Error(`Loading ${id} needs the Node.js runtime, 20.16 or later.`);
  return node.getBuiltinModule('module').createRequire(node.getBuiltinModule('path').join(node.cwd(), 'package.json'))(id);
}
