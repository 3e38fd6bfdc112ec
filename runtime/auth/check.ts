import type { RouteDefinition } from '../routing/route-definitions';
import { principalOf } from '../metadata/principal';
import type { ApplicationAuthOptions, AuthScheme } from '../metadata/auth-schemes';

/**
 * What `createApplication` refuses of authentication, naming the route: a scheme `auth.schemes` lacks, two schemes
 * with one name, `@Principal(scheme)` where `scheme` does not let the request in; gives each route without
 * `@Auth`/`@Public` the `default` scheme. Kept short, as importing the library loads it: a shared cache on an
 * authenticated route is refused by ./enforce.ts as the dispatcher is built (printed at once).
 */
export function checkAuth(options: ApplicationAuthOptions | undefined, definitions: RouteDefinition[]): void {
  const schemes: AuthScheme[] = options?.schemes ?? [];
  const refuse = (message: string) => {
    throw new TypeError(`createApplication: ${message}.`);
  };
  schemes.forEach((scheme, index) => schemes.findIndex((other) => other.name === scheme.name) < index && refuse(`two auth.schemes are named ${scheme.name}`));
  for (const definition of definitions) {
    if (definition.auth === undefined && options?.default) definition.auth = { schemes: [options.default] };
    const used = definition.auth ? definition.auth.schemes : [];
    const where = `${definition.controller.name}.${definition.propertyKey}`;
    for (const scheme of definition.auth ? used : []) if (!schemes.includes(scheme)) refuse(`${where}: scheme ${scheme?.name} is not in auth.schemes`);
    for (const { resolve, data } of definition.custom) {
      if (resolve === principalOf && !(data ? used.includes(data as AuthScheme) : used.length)) refuse(`${where}: @Principal(${(data as AuthScheme)?.name ?? ''}) but its @Auth does not take it`);
    }
  }
}
