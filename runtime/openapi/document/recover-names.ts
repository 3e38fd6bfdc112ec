import { nodeRuntime } from '../../peers/node-runtime';
import { isPlaceholder, minifiedNameOf } from '../schemas/names';
import type { OpenApiDocument } from '../types';

const SCHEMAS = '#/components/schemas/';
/** Where `next-app-controllers openapi` writes the document by default, relative to the project root. */
export const COMMITTED_DOCUMENT = 'openapi.json';

/**
 * A production build whose minifier renamed the classes: Next.js's default for server code, which neither bundler
 * lets a library undo. The document was built with a placeholder per class (`schemas/names.ts`); their names are read
 * back from the document `next-app-controllers openapi` wrote from the sources (where nothing is minified), by walking
 * both documents side by side from their operations: the same path, method and place refer to the same class. What
 * cannot be read back (the committed document is missing or older than the code) fails, naming the classes.
 */
export async function recoverNames(built: OpenApiDocument, file: string = COMMITTED_DOCUMENT): Promise<OpenApiDocument> {
  // Named by strings only (Standard Schemas' ids, @ApiSchema, @ApiOperation): nothing to read back.
  if (collectPlaceholders(built).size === 0) return built;
  const committed = await readCommitted(file);
  const names = new Map<string, string>();
  const clashes = new Set<string>();
  const schemasOf = (document: OpenApiDocument) => (document.components?.schemas ?? {}) as Record<string, unknown>;
  const pending: [unknown, unknown][] = [];

  const pairRef = (ours: string, theirs: string) => {
    if (!ours.startsWith(SCHEMAS) || !theirs.startsWith(SCHEMAS)) return;
    const [a, b] = [ours.slice(SCHEMAS.length), theirs.slice(SCHEMAS.length)];
    const known = names.get(a);
    if (known === b) return;
    if (known !== undefined) return void clashes.add(a);
    names.set(a, b);
    pending.push([schemasOf(built)[a], schemasOf(committed)[b]]);
  };
  const walk = (ours: unknown, theirs: unknown, atSchemas = false): void => {
    if (ours === null || theirs === null || typeof ours !== 'object' || typeof theirs !== 'object') return;
    if (Array.isArray(ours) !== Array.isArray(theirs)) return;
    const a = ours as Record<string, unknown>;
    const b = theirs as Record<string, unknown>;
    if (typeof a.$ref === 'string' && typeof b.$ref === 'string') pairRef(a.$ref, b.$ref);
    if (typeof a.operationId === 'string' && typeof b.operationId === 'string' && isPlaceholder(a.operationId)) {
      names.set(a.operationId, b.operationId);
    }
    for (const key of Object.keys(a)) {
      // Component schemas are keyed by placeholders: they are walked as the references pair them.
      if (atSchemas && key === 'schemas') continue;
      if (key === 'mapping' && a.mapping && b.mapping) {
        const [ma, mb] = [a.mapping as Record<string, unknown>, b.mapping as Record<string, unknown>];
        for (const value of Object.keys(ma)) if (typeof ma[value] === 'string' && typeof mb[value] === 'string') pairRef(ma[value] as string, mb[value] as string);
        continue;
      }
      if (key in b) walk(a[key], b[key], key === 'components');
    }
  };
  walk(built, committed);
  for (let i = 0; i < pending.length; i++) walk(...pending[i]);

  const lost = [...collectPlaceholders(built)].filter((name) => !names.has(name) || clashes.has(name));
  const taken = new Map<string, string>();
  for (const [placeholder, name] of names) {
    if (!isPlaceholder(placeholder)) continue;
    const other = taken.get(name);
    if (other !== undefined && other !== placeholder) lost.push(placeholder);
    taken.set(name, placeholder);
  }
  if (lost.length > 0) {
    throw new Error(
      `generateOpenApiDocument: this production build renamed classes (Next.js minifies server code), and the names of ` +
        `${[...new Set(lost)].map(describePlaceholder).join(', ')} are not in ${file} as the code uses them: it is older than the code. ` +
        'Run `next-app-controllers openapi` before `next build` (the build script init writes does), and check it in CI with `next-app-controllers openapi --check`.',
    );
  }
  return rename(built, names);
}

async function readCommitted(file: string): Promise<OpenApiDocument> {
  const { fs, path, cwd } = nodeRuntime('generateOpenApiDocument in a minified build');
  const at = path.resolve(cwd, file);
  let text: string;
  try {
    text = await fs.readFile(at, 'utf8');
  } catch {
    throw new Error(
      `generateOpenApiDocument: this production build renamed classes (Next.js minifies server code), and their names are read back from ` +
        `the document \`next-app-controllers openapi\` writes, ${file}, which is missing (looked for ${at}). Run \`next-app-controllers openapi\` before ` +
        "`next build` (the build script init writes does), and with output: 'standalone' trace the file: outputFileTracingIncludes.",
    );
  }
  return JSON.parse(text) as OpenApiDocument;
}

function collectPlaceholders(document: OpenApiDocument): Set<string> {
  const found = new Set<string>();
  for (const name of Object.keys(document.components?.schemas ?? {})) if (isPlaceholder(name)) found.add(name);
  for (const item of Object.values({ ...document.paths, ...document.webhooks })) {
    for (const operation of Object.values(item ?? {})) {
      const id = (operation as { operationId?: unknown })?.operationId;
      if (typeof id === 'string' && isPlaceholder(id)) found.add(id);
    }
  }
  return found;
}

function describePlaceholder(placeholder: string): string {
  const minified = minifiedNameOf(placeholder);
  const was = minified === undefined ? '' : ` (minified to "${minified}")`;
  return placeholder.includes('_') ? `the controller of ${placeholder}${was}` : `the class of ${placeholder}${was}`;
}

/** The document with every placeholder replaced, the component schemas sorted by their names again. */
function rename(document: OpenApiDocument, names: Map<string, string>): OpenApiDocument {
  const copy = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => copy(item));
    if (value === null || typeof value !== 'object') {
      if (typeof value !== 'string') return value;
      if ((key === '$ref' || key === 'mapping') && value.startsWith(SCHEMAS)) return `${SCHEMAS}${names.get(value.slice(SCHEMAS.length)) ?? value.slice(SCHEMAS.length)}`;
      return key === 'operationId' ? (names.get(value) ?? value) : value;
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = copy(v, key === 'mapping' ? 'mapping' : k);
    return out;
  };
  const renamed = copy(document) as OpenApiDocument;
  const schemas = renamed.components?.schemas;
  if (schemas) {
    const entries = Object.entries(schemas).map(([name, schema]) => [names.get(name) ?? name, schema] as const);
    renamed.components!.schemas = Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  return renamed;
}
