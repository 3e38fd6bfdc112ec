import { findClassRecord } from '../../metadata/records';

/**
 * Class names become schema names (`CreatePostDto`) and operationIds (`PostsController_create`). A production build
 * that minifies server code (Next.js's default, with either bundler) renames classes (`p`, `S`): there each class is
 * documented under a placeholder, and `document/recover-names.ts` reads the real names back from the document
 * `next-app-controllers openapi` wrote from the sources.
 */

// A class whose name we know. If a minifier renamed it, it renamed the user's classes in the same build too.
const probe = class OpenApiNameProbe {};

export function minifiedProbe(name = probe.name): boolean {
  return name !== 'OpenApiNameProbe';
}

/** One or two characters (`p`, `S`, `eS`, `$a`): what minifiers produce, and what nobody names a DTO or controller. */
export function looksMangled(name: string): boolean {
  return /^[A-Za-z_$][\w$]?$/.test(name);
}

const PLACEHOLDER = 'minified-class-';
const placeholders = new WeakMap<Function, string>();
/** Each placeholder's class name as the minifier left it, for messages. */
const minifiedNames: string[] = [];

/** A class's stand-in name in a minified build: unique, where minified names of two modules may be the same. */
function placeholder(cls: Function): string {
  let name = placeholders.get(cls);
  if (name === undefined) {
    placeholders.set(cls, (name = `${PLACEHOLDER}${minifiedNames.length}`));
    minifiedNames.push(cls.name);
  }
  return name;
}

/** A placeholder, or an operationId made from one (`minified-class-3_create`). */
export function isPlaceholder(name: string): boolean {
  return name.startsWith(PLACEHOLDER);
}

/** The minified name of the class a placeholder (or an operationId made from one) stands for. */
export function minifiedNameOf(name: string): string | undefined {
  const match = new RegExp(`^${PLACEHOLDER}(\\d+)`).exec(name);
  return match ? minifiedNames[Number(match[1])] : undefined;
}

export function mangledNamesError(what: string, name: string): Error {
  return new Error(
    `generateOpenApiDocument: ${what} is named "${name}", which looks like a name a minifier made up, but the library's own ` +
      'classes kept their names (is next-app-controllers in serverExternalPackages while the app is minified?). The document is ' +
      `named after classes: give the class a longer name${what === 'a DTO class' ? ', or name it with @ApiSchema({ name })' : ''}.`,
  );
}

/** The name a class is documented under (a DTO's `@ApiSchema({ name })`, else its own), or a thrown error naming the fix. */
export function documentedName(cls: Function, what: 'DTO class' | 'controller class'): string {
  const given = what === 'DTO class' ? findClassRecord(cls)?.schemaName : undefined;
  if (given !== undefined) {
    if (typeof given === 'string' && /^[\w.-]+$/.test(given)) return given;
    throw new Error(`generateOpenApiDocument: @ApiSchema({ name }) on ${cls.name || 'a class'} needs a name of letters, digits, '.', '_' or '-', got ${JSON.stringify(given)}.`);
  }
  // Minified: every class is renamed, and any two may share a name. Read back later (document/recover-names.ts).
  if (minifiedProbe()) return placeholder(cls);
  const name = cls.name;
  if (!name) throw new Error(`generateOpenApiDocument: a ${what} has no name (an anonymous class expression). Give the class a name.`);
  if (looksMangled(name)) throw mangledNamesError(`a ${what}`, name);
  return name;
}
