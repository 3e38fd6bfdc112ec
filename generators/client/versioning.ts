/** How the app's API is asked for a version, read from its OpenAPI document: what query.ts adds to every request and key. */
export interface ClientVersioning {
  /** The request header that carries the version: the app's own header, or `accept` for media-type versioning. */
  header: string;
  /** The header's value: the version itself, or `application/json; version=2` for media-type versioning. */
  value: string;
}

interface DocumentLike {
  paths?: Record<string, Record<string, { parameters?: unknown[]; responses?: Record<string, { content?: Record<string, unknown> }> } | unknown>>;
}

const MEDIA_VERSION = /^([^;\s]+)\s*;\s*([\w.-]+)=([^;\s]+)$/;

/**
 * The versioning of a document written with header or media-type versioning (runtime/openapi/document/versions.ts): a
 * header parameter `The API version.` listing the versions, or success media types with the version parameter. The version
 * asked for is `apiVersion` when given (the schema.d.ts is that version's), else the newest, whose operations the
 * document holds. `undefined` for an app without them (URI versioning has the version in the path already).
 */
export function clientVersioning(document: DocumentLike, apiVersion?: string): ClientVersioning | undefined {
  const header = new Map<string, Set<string>>();
  const media = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, versions: string[]) => {
    const set = map.get(key) ?? new Set<string>();
    for (const version of versions) set.add(version);
    map.set(key, set);
  };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      if (!operation || typeof operation !== 'object') continue;
      const { parameters, responses } = operation as { parameters?: unknown[]; responses?: Record<string, { content?: Record<string, unknown> }> };
      for (const parameter of parameters ?? []) {
        const { in: place, name, description, schema } = (parameter ?? {}) as { in?: string; name?: string; description?: string; schema?: { enum?: unknown[] } };
        if (place === 'header' && name && description === 'The API version.' && Array.isArray(schema?.enum)) add(header, name, schema.enum.map(String));
      }
      for (const [status, response] of Object.entries(responses ?? {})) {
        if (!status.startsWith('2')) continue;
        for (const type of Object.keys(response?.content ?? {})) {
          const match = MEDIA_VERSION.exec(type);
          if (match) add(media, `${match[1]}; ${match[2]}`, [match[3]]);
        }
      }
    }
  }
  const choose = (versions: Set<string>) => apiVersion ?? [...versions].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1)!;
  const [named] = header;
  if (named) return { header: named[0], value: choose(named[1]) };
  const [typed] = media;
  if (typed) return { header: 'accept', value: `${typed[0]}=${choose(typed[1])}` };
  return undefined;
}
