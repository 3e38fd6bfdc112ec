import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_LIBRARIES, type SchemaLibrary } from './schema-library';

/** What `generate controller|resource` writes when `--schema` is not given, and the line that says why. */
export interface SchemaChoice {
  /** The library to write schemas with, or undefined for class-validator DTO classes. */
  library?: SchemaLibrary;
  /** For the summary, when the project's features decided (or would have, but disagree). */
  note?: string;
}

const LIBRARY_OF_IMPORT: Record<string, SchemaLibrary> = { zod: 'zod', valibot: 'valibot', arktype: 'arktype' };

/** The schema library a features/<name>/schemas.ts imports (`zod`, `zod/v4`, `valibot`, `arktype`), if any. */
function libraryOf(file: string): SchemaLibrary | undefined {
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from\s+['"]([^'"]+)['"]/g)) {
    const library = LIBRARY_OF_IMPORT[specifier.split('/')[0]];
    if (library) return library;
  }
  return undefined;
}

/**
 * Without `--schema`, a new feature follows the project: the library of its own folder's schemas.ts when it has one
 * (writing a dto.ts beside it would leave one of the two unused), else the one library every feature with schemas
 * uses when no feature has DTO classes. Features that disagree keep the default, class-validator DTO classes, and
 * the note says so.
 */
export function projectSchemaChoice(root: string, featuresDir: string, folder: string): SchemaChoice {
  const features = join(root, featuresDir);
  const own = join(features, folder, 'schemas.ts');
  const flag = '--schema <zod|valibot|arktype|class-validator> chooses';
  if (existsSync(own)) {
    const library = libraryOf(own);
    if (library) return { library, note: `written with ${library} schemas, as ${featuresDir}/${folder}/schemas.ts is (${flag})` };
  }
  if (!existsSync(features) || !statSync(features).isDirectory()) return {};
  const schemaFiles = new Map<SchemaLibrary, string[]>();
  const dtoFiles: string[] = [];
  for (const name of readdirSync(features).sort()) {
    const schemas = join(features, name, 'schemas.ts');
    const library = existsSync(schemas) ? libraryOf(schemas) : undefined;
    if (library) schemaFiles.set(library, [...(schemaFiles.get(library) ?? []), `${featuresDir}/${name}/schemas.ts`]);
    if (existsSync(join(features, name, 'dto.ts'))) dtoFiles.push(`${featuresDir}/${name}/dto.ts`);
  }
  const libraries = [...schemaFiles.keys()];
  if (libraries.length === 1 && dtoFiles.length === 0) {
    const [library] = libraries;
    return { library, note: `written with ${library} schemas, as the other features are (${schemaFiles.get(library)!.join(', ')}; ${flag})` };
  }
  if (libraries.length === 0) return {};
  const used = [...libraries.map((library) => `${library} (${schemaFiles.get(library)![0]})`), ...(dtoFiles.length > 0 ? [`DTO classes (${dtoFiles[0]})`] : [])];
  return { note: `written with class-validator DTO classes, the default: the features use ${used.join(' and ')} (${flag})` };
}

/** `--schema class-validator`: DTO classes, whatever the other features use. */
export const DTO_CLASSES = 'class-validator';

export type SchemaOption = SchemaLibrary | typeof DTO_CLASSES;

export function isSchemaLibrary(value: string): value is SchemaLibrary {
  return Object.hasOwn(SCHEMA_LIBRARIES, value);
}
