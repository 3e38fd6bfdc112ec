import type { BaseOptions } from 'yeoman-generator';
import type { CommandOptions } from '../core/base';
import { FeatureGenerator } from '../scaffold/feature';

/**
 * `generate resource <name>`: list (`@Paginated`, by offset), get, create, replace (PUT), update (PATCH) and delete,
 * with create, response and update DTOs, registered in the app module.
 */
export default class ResourceGenerator extends FeatureGenerator {
  constructor(args: string | string[], options: CommandOptions & BaseOptions) {
    super(args, options, 'resource');
  }

  protected servedRoutes(): string {
    const prefix = `/api/${this.names.folder}`;
    return `GET, POST ${prefix} and GET, PUT, PATCH, DELETE ${prefix}/:id are`;
  }
}
