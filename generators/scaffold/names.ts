import pluralize from 'pluralize';

// An API's "data" is a mass noun: CreateDataDto, not CreateDatumDto.
pluralize.addUncountableRule('data');

/**
 * Name rules for `generate controller <name>` and `new <name>`. Validators are pure: they return `true` or the
 * message to print.
 *
 *   controllerNames('posts')     → { folder: 'posts', className: 'PostsController', dtoName: 'CreatePostDto', ... }
 *   controllerNames('blog-post') → { folder: 'blog-post', className: 'BlogPostController', dtoName: 'CreateBlogPostDto', ... }
 *   controllerNames('BlogPost')  → same as 'blog-post'
 *
 * DTO and record names use the singular (pluralize: posts → Post, categories → Category, status → Status).
 */

export interface ControllerNames {
  /** Folder under features/ and the route prefix without its slash: kebab-case. */
  folder: string;
  /** PascalCase stem. */
  pascal: string;
  /** `<Pascal>Controller` */
  className: string;
  /** The singular of `pascal`: `Post` for `posts`. */
  singular: string;
  /** `Create<Singular>Dto` */
  dtoName: string;
  /** `<Singular>Dto`: the response DTO, what the API sends for one record. */
  responseName: string;
  /** `<Singular>Record`, the type of one stored record in the template (`Post` alone would clash with `@Post`). */
  itemName: string;
}

/** Words of a name written in kebab-case, snake_case, camelCase or PascalCase. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

export function toKebabCase(name: string): string {
  return words(name).join('-');
}

export function toPascalCase(name: string): string {
  return words(name)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
}

export function validateControllerName(name: unknown): true | string {
  if (typeof name !== 'string' || name.trim() === '') {
    return 'Missing controller name. Usage: next-app-controllers generate controller <name>, for example `posts` or `blog-post`.';
  }
  if (name.includes('/') || name.includes('\\')) {
    return `Invalid controller name "${name}": it must not contain a path separator. Give one name such as \`blog-post\`; the folder is created under features/.`;
  }
  if (name.includes('..')) {
    return `Invalid controller name "${name}": it must not contain "..".`;
  }
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(name)) {
    return `Invalid controller name "${name}": use letters, digits, "-" and "_", starting with a letter (for example \`posts\`, \`blog-post\` or \`BlogPost\`), so that it can make a class name.`;
  }
  if (words(name).length === 0) {
    return `Invalid controller name "${name}".`;
  }
  return true;
}

export function controllerNames(name: string): ControllerNames {
  const valid = validateControllerName(name);
  if (valid !== true) throw new Error(valid);
  const pascal = toPascalCase(name);
  const parts = words(name);
  const singular = toPascalCase([...parts.slice(0, -1), pluralize.singular(parts[parts.length - 1])].join('-'));
  return {
    folder: toKebabCase(name),
    pascal,
    className: `${pascal}Controller`,
    singular,
    dtoName: `Create${singular}Dto`,
    responseName: `${singular}Dto`,
    itemName: `${singular}Record`,
  };
}

/** `new <name>`: the folder create-next-app makes, which is also the npm package name. */
export function validateProjectName(name: unknown): true | string {
  if (typeof name !== 'string' || name.trim() === '') {
    return 'Missing project name. Usage: next-app-controllers new <name>';
  }
  if (name.includes('/') || name.includes('\\') || name.includes('..')) {
    return `Invalid project name "${name}": give a folder name without path separators or "..", for example \`my-app\`.`;
  }
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(name) || name.length > 214) {
    return `Invalid project name "${name}": it becomes the npm package name, so use lowercase letters, digits, ".", "_" and "-", starting with a letter or digit (for example \`my-app\`).`;
  }
  return true;
}
