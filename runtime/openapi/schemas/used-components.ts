import type { OpenApiDocument } from '../types';

const SECTIONS = ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'links', 'callbacks', 'pathItems'] as const;
const LOCAL_REF = /"#\/components\/([A-Za-z]+)\/([^"]+)"/g;

/**
 * Drops the components nothing refers to (a `$ref` from the paths, or from a component they reach): a DTO class that
 * only nests one without a `$ref` to it (a property validated without `@ValidateNested`), an error schema no response
 * uses. Security schemes are named, not referred to, and stay. In place, on the document's plain copy.
 */
export function dropUnusedComponents(document: OpenApiDocument): void {
  const components = document.components as unknown as Record<string, Record<string, unknown> | undefined>;
  const reached = new Set<string>();
  const pending: unknown[] = [document.paths, (document as { webhooks?: unknown }).webhooks];
  while (pending.length > 0) {
    const text = JSON.stringify(pending.pop() ?? null);
    for (const [, section, escaped] of text.matchAll(LOCAL_REF)) {
      const name = escaped.replace(/~1/g, '/').replace(/~0/g, '~');
      const key = `${section}/${name}`;
      if (reached.has(key)) continue;
      reached.add(key);
      pending.push(components[section]?.[name]);
    }
  }
  for (const section of SECTIONS) {
    const entries = components[section];
    if (!entries) continue;
    for (const name of Object.keys(entries)) if (!reached.has(`${section}/${name}`)) delete entries[name];
    if (Object.keys(entries).length === 0 && section !== 'schemas' && section !== 'responses') delete components[section];
  }
}
