import { Exclude } from 'class-transformer';
import { lazy } from '../core/lazy';
import { namedExport } from '../peers/interop';

export interface TypeMetadata {
  typeFunction: (options?: unknown) => unknown;
  options?: { discriminator?: DiscriminatorOptions; keepDiscriminatorProperty?: boolean };
}

/** `@Type(() => Pet, { discriminator: { property: 'kind', subTypes: [{ name: 'dog', value: Dog }] } })`. */
export interface DiscriminatorOptions {
  property: string;
  subTypes: { name: string; value: Function }[];
}

/** The part of class-transformer's MetadataStorage the library reads (class-validator-jsonschema reads the first three). */
export interface TransformerStorage {
  findTypeMetadata(target: Function, propertyName: string): TypeMetadata | undefined;
  getExposedMetadatas(target: Function): unknown[];
  getExcludedMetadatas(target: Function): unknown[];
  findExcludeMetadata(target: Function, propertyName: string): unknown;
  findTransformMetadatas(target: Function, propertyName: string, transformationType: number): unknown[];
}

const storages = lazy(findStorages);

/**
 * class-transformer ships three builds (cjs, esm5, esm2015), each with its own `defaultMetadataStorage`, and `@Type`
 * records into whichever build the DTO file imported: esm5 inside a Next.js bundle (its `module` field), cjs under
 * plain Node. The storage is not exported from the package's entry, so load each build's storage by its literal path
 * (a bundler then resolves it to the very module the DTOs' `import 'class-transformer'` reached) and ask all of them:
 * only the copy the DTOs registered on knows their types. Loaded once per process.
 */
export function loadTransformerStorages(): Promise<TransformerStorage[]> {
  return storages.load();
}

async function findStorages(): Promise<TransformerStorage[]> {
  // @ts-ignore class-transformer declares no types for its build folders.
  const cjs: TransformerStorage | undefined = await import('class-transformer/cjs/storage.js').then(storageOf, () => undefined);
  if (cjs && recordsInto(cjs)) return [cjs];
  const builds = await Promise.all([
    // @ts-ignore
    import('class-transformer/esm5/storage.js').then(storageOf, () => undefined),
    // @ts-ignore
    import('class-transformer/esm2015/storage.js').then(storageOf, () => undefined),
  ]);
  return [...new Set([cjs, ...builds].filter((storage): storage is TransformerStorage => storage !== undefined))];
}

/**
 * Whether the class-transformer the library imports records its decorators in `storage`. When it is the CommonJS
 * build, the package resolves to it for every `import` and `require` (plain Node, or a bundler reading `main`), so no
 * DTO can have used an ESM build, which plain Node could not even load as CommonJS: they are not tried.
 */
function recordsInto(storage: TransformerStorage): boolean {
  class Probe {}
  Exclude()(Probe.prototype, 'probe');
  return storage.findExcludeMetadata(Probe, 'probe') !== undefined;
}

function storageOf(module: unknown): TransformerStorage | undefined {
  const storage = namedExport<TransformerStorage>(module, 'defaultMetadataStorage');
  return typeof storage?.findTypeMetadata === 'function' ? storage : undefined;
}

/** One storage that answers from whichever copy knows the class. */
export function combinedStorage(storages: readonly TransformerStorage[]): TransformerStorage {
  if (storages.length === 1) return storages[0];
  const first = <T>(ask: (storage: TransformerStorage) => T, found: (value: T) => boolean, none: T): T => {
    for (const storage of storages) {
      const value = ask(storage);
      if (found(value)) return value;
    }
    return none;
  };
  return {
    findTypeMetadata: (target, property) => first((s) => s.findTypeMetadata(target, property), Boolean, undefined),
    getExposedMetadatas: (target) => first((s) => s.getExposedMetadatas(target), (list) => list.length > 0, []),
    getExcludedMetadatas: (target) => first((s) => s.getExcludedMetadatas(target), (list) => list.length > 0, []),
    findExcludeMetadata: (target, property) => first((s) => s.findExcludeMetadata(target, property), Boolean, undefined),
    findTransformMetadatas: (target, property, type) =>
      first((s) => s.findTransformMetadatas(target, property, type), (list) => list.length > 0, []),
  };
}
