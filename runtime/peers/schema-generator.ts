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
