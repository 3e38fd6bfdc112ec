import { findClassRecord } from '../../metadata/records';

/**
 * Class names become schema names (`CreatePostDto`) and operationIds (`PostsController_create`). A production build
 * that minifies server code renames classes (`p`, `S`), so the document would describe nonsense. These checks make
 * that fail loudly, with the setting that fixes it.
 */

/** The next.config lines that keep class names in a production build (measured on Next 16.4, both bundlers). */
export const KEEP_NAMES_SETTING = 'experimental: { serverMinification: false }';
/** Next.js 15 honours serverMinification only in webpack builds (measured on 15.5). */
const NEXT_15_TURBOPACK_SETTING = 'experimental: { turbopackMinify: false }';

// A class whose name we know. If a minifier renamed it, it renamed the user's classes in the same build too.
const probe = class OpenApiNameProbe {};

export function minifiedProbe(name = probe.name): boolean {
  return name !== 'OpenApiNameProbe';
}

/** One or two characters (`p`, `S`, `eS`, `$a`): what minifiers produce, and what nobody names a DTO or controller. */
export function looksMangled(name: string): boolean {
  return /^[A-Za-z_$][\w$]?$/.test(name);
}

export function mangledNamesError(what: string, name: string): Error {
  return new Error(
    `generateOpenApiDocument: ${what} is named "${name}", which looks like a name a minifier made up. ` +
      'Next.js minifies server code in production builds and renames classes, so the OpenAPI document would name ' +
      `schemas and operations after the minified names. Add \`${KEEP_NAMES_SETTING}\` to next.config ` +
      `(on Next.js 16 it turns off server minification for both Turbopack and webpack; on Next.js 15 a Turbopack build ` +
      `also needs \`${NEXT_15_TURBOPACK_SETTING}\`). If the class really has this name, give it a longer one.`,
  );
}

/** Throws when this copy of the library was itself minified: every class name in the build is then unreliable. */
export function assertNamesKept(probeName?: string): void {
  if (minifiedProbe(probeName)) {
    throw mangledNamesError("the library's probe class OpenApiNameProbe", probeName ?? probe.name);
  }
}

/** The name a class is documented under (a DTO's `@ApiSchema({ name })`, else its own), or a thrown error naming the fix. */
export function documentedName(cls: Function, what: 'DTO class' | 'controller class'): string {
  const given = what === 'DTO class' ? findClassRecord(cls)?.schemaName : undefined;
  if (given !== undefined) {
    if (typeof given === 'string' && /^[\w.-]+$/.test(given)) return given;
    throw new Error(`generateOpenApiDocument: @ApiSchema({ name }) on ${cls.name || 'a class'} needs a name of letters, digits, '.', '_' or '-', got ${JSON.stringify(given)}.`);
  }
  const name = cls.name;
  if (!name) throw new Error(`generateOpenApiDocument: a ${what} has no name (an anonymous class expression). Give the class a name.`);
  if (looksMangled(name)) throw mangledNamesError(`a ${what}`, name);
  return name;
}
