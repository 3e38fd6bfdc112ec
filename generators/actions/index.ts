import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BaseOptions } from 'yeoman-generator';
import { ProjectGenerator, type CommandOptions } from '../core/base';
import { UserError } from '../errors';
import { templatesOf } from '../paths';
import { appModuleImport, detectProject, type ProjectLayout } from '../project/project';
import { loadTypeScript } from '../project/typescript';
import { controllerNames, validateControllerName, type ControllerNames } from '../scaffold/names';
import { exportNames, writingRoutes } from './routes';

/**
 * `generate actions <feature>`: features/<feature>/actions.ts, a `'use server'` module with one Server Action per
 * route of the feature's controller that writes (POST, PUT, PATCH, DELETE), named after the method. Written again from
 * the controller on every run: the conflicter asks before replacing a changed file, `--force` replaces it, scripts
 * keep it.
 */
export default class ActionsGenerator extends ProjectGenerator {
  private readonly layout: ProjectLayout;
  private readonly names: ControllerNames;

  constructor(args: string | string[], options: CommandOptions & BaseOptions) {
    super(args, options, 'actions');
    this.sourceRoot(templatesOf('actions'));
    const valid = validateControllerName(this.options.name);
    if (valid !== true) throw new UserError(valid);
    this.names = controllerNames(this.options.name as string);
    this.layout = detectProject(this.destinationRoot());
  }

  writing() {
    const folder = `${this.layout.featuresDir}/${this.names.folder}`;
    const controllerFile = `${folder}/controller.ts`;
    const path = join(this.layout.root, controllerFile);
    if (!existsSync(path)) {
      throw new UserError(`${controllerFile} does not exist: generate the feature first (\`next-app-controllers generate resource ${this.names.folder}\`).`);
    }
    const ts = loadTypeScript(this.layout.root);
    if (!ts) throw new UserError(`TypeScript is not installed: ${controllerFile} is read with the project's typescript package.`);
    const routes = writingRoutes(ts, readFileSync(path, 'utf8'), path);
    if (routes.length === 0) {
      throw new UserError(`${controllerFile} exports no controller with a route that writes (@Post, @Put, @Patch or @Delete): there is no action to write.`);
    }
    const names = exportNames(routes, this.names.singular);
    const actionsFile = `${folder}/actions.ts`;
    this._writeTemplate('actions.ts.ejs', actionsFile, {
      controllerFile,
      feature: this.names.folder,
      appImport: appModuleImport(this.layout, actionsFile),
      classNames: [...new Set(routes.map((route) => route.className))],
      routes: routes.map((route, index) => ({ ...route, name: names[index] })),
    });
  }

  end() {
    this._printSummary();
  }
}
