import type { RouteDefinition } from '../routing/route-definitions';
import { principalOf } from '../metadata/principal';
import type { ApplicationAuthOptions, AuthScheme } from '../metadata/auth-schemes';

/**
 * What `createApplication` refuses of authentication, naming the route: a scheme `auth.schemes` lacks, two schemes
 * with one name, `@Principal(scheme)` where `scheme` does not let the request in (the `default` scheme is given by
 * routing/route-definitions.ts). Kept short, as importing the library loads it: a shared cache on an authenticated
 * route is refused by ./enforce.ts as the dispatcher is built (printed at once).
 */
export function checkAuth(options: ApplicationAuthOptions | undefined, definitions: RouteDefinition[]): void {
  const schemes: AuthScheme[] = options?.schemes ?? [];
  for (const scheme of schemes) if (schemes.find((other) => other.name === scheme.name) !== scheme) throw new TypeError(`createApplication: two auth.schemes are named ${scheme.name}.`);
  for (const definition of definitions) {
    const auth = definition.auth;
    const used = auth ? auth.schemes : [];
    for (const scheme of used) if (!schemes.includes(scheme)) throw new TypeError(`createApplication: ${definition.controller.name}.${definition.propertyKey}: scheme ${scheme?.name} is not in auth.schemes.`);
    for (const { resolve, data } of definition.custom) {
      const scheme = data as AuthScheme | undefined;
      if (resolve === principalOf && !(scheme ? used.includes(scheme) : used.length)) throw new TypeError(`createApplication: ${definition.controller.name}.${definition.propertyKey}: @Principal(${scheme?.name ?? ''}) but its @Auth does not take it.`);
    }
  }
}
