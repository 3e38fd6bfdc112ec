/**
 * A named export of a dynamically imported package. Imported from ESM, a CommonJS package's exports may arrive only
 * on `default` (Node finds named exports only where its CommonJS lexer can), so look there too.
 */
export function namedExport<T>(module: unknown, name: string): T | undefined {
  const namespace = module as Record<string, unknown> & { default?: Record<string, unknown> };
  return (namespace?.[name] ?? namespace?.default?.[name]) as T | undefined;
}
