import { findClassRecord } from '../../metadata/records';
import type { ApiTagOptions } from '../../types';
import type { DocumentedOperation } from './document';
import type { OpenApiDocument, TagObject } from '../types';

/**
 * What differs between the OpenAPI 3.1 document (the default) and the 3.2 one (`openapi: '3.2'`): the version string,
 * the tags (3.2's `summary`, `parent` and `kind`) and the events of an `@Sse` route (`itemSchema`, written as
 * `x-itemSchema` in 3.1). Everything else is the same document.
 */
export type OpenApiVersion = '3.1' | '3.2';

export function openApiVersion(version: unknown): OpenApiVersion {
  if (version === undefined || version === '3.1' || version === '3.2') return version ?? '3.1';
  throw new TypeError(`generateOpenApiDocument({ openapi }) takes '3.1' (the default) or '3.2', not ${JSON.stringify(version)}.`);
}

const DETAILS = ['summary', 'description', 'parent', 'kind'] as const;

/**
 * The document's tags: every tag an operation uses, in order of first use, with what `@ApiTags({ name, … })` said
 * about it (on any documented controller or route; saying two different things is an error). In 3.1 only the
 * description is kept; in 3.2 the parents follow, each listed once (a parent no operation uses comes after the used
 * tags), so that every `parent` names a tag of the document.
 */
export function documentTags(operations: readonly DocumentedOperation[], version: OpenApiVersion): TagObject[] {
  const details = new Map<string, ApiTagOptions>();
  const seen = new Set<object>();
  for (const { route } of operations) {
    const record = findClassRecord(route.controller);
    for (const list of [record?.tagDetails, record?.methods.get(route.propertyKey)?.tagDetails]) {
      for (const tag of list ?? []) {
        if (typeof tag === 'string' || seen.has(tag)) continue;
        seen.add(tag);
        mergeDetails(details, tag, `${route.controller.name}${list === record?.tagDetails ? '' : `.${route.propertyKey}`}`);
      }
    }
  }
  const names = [...new Set(operations.flatMap((entry) => entry.operation.tags ?? []))];
  if (version === '3.1') {
    return names.map((name) => {
      const description = details.get(name)?.description;
      return description === undefined ? { name } : { name, description };
    });
  }
  const listed = new Set(names);
  for (let index = 0; index < names.length; index++) {
    const parent = details.get(names[index])?.parent;
    if (parent !== undefined && !listed.has(parent)) {
      listed.add(parent);
      names.push(parent);
    }
  }
  for (const name of names) assertNoParentCycle(name, details);
  return names.map((name) => {
    const tag: TagObject = { name };
    for (const key of DETAILS) if (details.get(name)?.[key] !== undefined) tag[key] = details.get(name)![key];
    return tag;
  });
}

function mergeDetails(details: Map<string, ApiTagOptions>, tag: ApiTagOptions, where: string): void {
  if (typeof tag?.name !== 'string' || tag.name === '') {
    throw new TypeError(`@ApiTags on ${where} takes tag names or objects with a name, e.g. @ApiTags({ name: 'Comments', parent: 'Posts' }).`);
  }
  for (const key of DETAILS) {
    if (tag[key] !== undefined && typeof tag[key] !== 'string') throw new TypeError(`@ApiTags on ${where}: the ${key} of the tag "${tag.name}" must be a string.`);
  }
  const known = details.get(tag.name) ?? { name: tag.name };
  for (const key of DETAILS) {
    if (tag[key] === undefined) continue;
    if (known[key] !== undefined && known[key] !== tag[key]) {
      throw new Error(
        `generateOpenApiDocument: the tag "${tag.name}" is given two different ${key}s ("${known[key]}", then "${tag[key]}" on ${where}). ` +
          'Describe each tag once, or the same way everywhere.',
      );
    }
    known[key] = tag[key];
  }
  details.set(tag.name, known);
}

function assertNoParentCycle(name: string, details: Map<string, ApiTagOptions>): void {
  const chain = [name];
  for (let parent = details.get(name)?.parent; parent !== undefined; parent = details.get(parent)?.parent) {
    chain.push(parent);
    if (parent === name) throw new Error(`generateOpenApiDocument: the tags' parents form a cycle (${chain.join(' → ')}). A tag cannot sit under itself.`);
    if (chain.length > details.size + 1) return;
  }
}

/** The 3.2 document from the 3.1 one (a plain copy, not yet frozen): `@Sse` events under `itemSchema`, without `schema`. */
export function toOpenApi32(document: OpenApiDocument): OpenApiDocument {
  document.openapi = '3.2.0';
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      for (const response of Object.values(operation?.responses ?? {})) {
        for (const media of Object.values(('content' in response && response.content) || {})) {
          if (media['x-itemSchema'] === undefined) continue;
          media.itemSchema = media['x-itemSchema'];
          delete media['x-itemSchema'];
          // 3.2 reads a sequential media type's `schema` as the whole stream (an array of items): the items alone say it.
          delete (media as { schema?: unknown }).schema;
        }
      }
    }
  }
  return document;
}
