import type { BaseOptions } from 'yeoman-generator';
import type { CommandOptions } from '../core/base';
import { FeatureGenerator } from '../scaffold/feature';

/** `generate controller <name>`: list, get and create, with a create DTO, registered in the app module. */
export default class ControllerGenerator extends FeatureGenerator {
  constructor(args: string | string[], options: CommandOptions & BaseOptions) {
    super(args, options, 'controller');
  }

  protected servedRoutes(): string {
    return `GET /api/${this.names.folder} is`;
  }
}
