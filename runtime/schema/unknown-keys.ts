import type { StandardSchemaV1 } from '../core/standard-schema';

/**
 * The keys an unknown-key issue refuses, each as its own issue whose path ends with the key, as class-validator's
 * whitelist errors name each property: Zod's `unrecognized_keys` issue has the object's path and a `keys` list, one
 * issue for all; Valibot's `strict_object` issue names only the first key it met, so the others are found by walking
 * the schema along the issue's path to the strict object's `entries`. ArkType already reports one issue per key, under
 * the key's path. `undefined`: not an unknown-key issue that needs splitting.
 */
export function unknownKeyIssues(issue: StandardSchemaV1.Issue, schema: StandardSchemaV1 | undefined): StandardSchemaV1.Issue[] | undefined {
  const raw = issue as StandardSchemaV1.Issue & { code?: unknown; keys?: unknown; type?: unknown; kind?: unknown };
  const path = issue.path ?? [];
  if (raw.code === 'unrecognized_keys' && Array.isArray(raw.keys)) {
    return raw.keys.map((key) => ({ message: `Unrecognized key: "${String(key)}"`, path: [...path, String(key)] }));
  }
  if (raw.type !== 'strict_object' || raw.kind !== 'schema' || path.length === 0) return undefined;
  const last = path[path.length - 1] as { origin?: unknown; input?: unknown };
  if (last.origin !== 'key' || typeof last.input !== 'object' || last.input === null) return undefined;
  const entries = schema && strictEntries(schema, path.slice(0, -1));
  if (!entries) return undefined;
  const parent = path.slice(0, -1);
  return Object.keys(last.input)
    .filter((key) => !Object.prototype.hasOwnProperty.call(entries, key))
    .map((key) => ({ message: `Invalid key: Expected never but received "${key}"`, path: [...parent, { key }] }));
}

type ValibotNode = { type?: string; entries?: Record<string, ValibotNode>; item?: ValibotNode; wrapped?: ValibotNode };

/** The `entries` of the Valibot strict object at `path` in `schema`, through objects, arrays and optional wrappers. */
function strictEntries(schema: StandardSchemaV1, path: NonNullable<StandardSchemaV1.Issue['path']>): Record<string, unknown> | undefined {
  let node: ValibotNode | undefined = unwrap(schema as ValibotNode);
  for (const segment of path) {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    if (node?.entries) node = unwrap(node.entries[String(key)]);
    else if (node?.item) node = unwrap(node.item);
    else return undefined;
  }
  return node?.type === 'strict_object' ? node.entries : undefined;
}

function unwrap(node: ValibotNode | undefined): ValibotNode | undefined {
  let current = node;
  for (let depth = 0; current?.wrapped && depth < 8; depth++) current = current.wrapped;
  return current;
}
