import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { registerController, registrationInstructions } from '../lib/app-module';
import { ProjectGenerator } from '../lib/base';
import { templatesOf } from '../lib/paths';
import { controllerNames, validateControllerName, type ControllerNames } from '../lib/names';
import { detectProject, relativeImport, UserError, type ProjectLayout } from '../lib/project';
import { loadTypeScript } from '../lib/typescript';

/** `generate controller <name>`: features/<name>/controller.ts and dto.ts, registered in the app module. */
export default class ControllerGenerator extends ProjectGenerator {
  private layout!: ProjectLayout;
  private names!: ControllerNames;
  private readonly rawName: unknown;

  constructor(args: string | string[], options: ConstructorParameters<typeof ProjectGenerator>[1]) {
    super(args, options);
    this.sourceRoot(templatesOf('controller'));
    this.rawName = (Array.isArray(args) ? args : [args])[0];
  }

  initializing() {
    const valid = validateControllerName(this.rawName);
    if (valid !== true) throw new UserError(valid);
    this.names = controllerNames(this.rawName as string);
    this.layout = detectProject(this.destinationRoot());
  }

  writing() {
    const { folder, className } = this.names;
    const controllerFile = `${this.layout.featuresDir}/${folder}/controller.ts`;
    this._writeTemplate('controller.ts.ejs', controllerFile, { ...this.names });
    this._writeTemplate('dto.ts.ejs', `${this.layout.featuresDir}/${folder}/dto.ts`, { ...this.names });

    const appModule = this.layout.appModule;
    const importPath = relativeImport(appModule, controllerFile);
    const instructions = registrationInstructions(className, importPath, appModule);
    const appModulePath = join(this.layout.root, appModule);
    if (!existsSync(appModulePath)) {
      this._addManualStep(`${appModule} does not exist (run \`next-app-controllers init\` first).\n${instructions}`);
      return;
    }
    const ts = loadTypeScript(this.layout.root);
    if (!ts) {
      this._addManualStep(`TypeScript is not installed, so ${appModule} was not edited.\n${instructions}`);
      return;
    }
    const result = registerController(ts, readFileSync(appModulePath, 'utf8'), className, importPath);
    if (result.status === 'registered') this._editFile(appModule, result.text);
    if (result.status === 'already-registered') this.summary.unchanged.push(`${appModule} (already registers ${className})`);
    if (result.status === 'unrecognised') {
      this._addManualStep(`${appModule} was left untouched: ${result.reason}.\n${instructions}`);
    }
  }

  end() {
    this._printSummary([`GET /api/${this.names.folder} is served by ${this.names.className}`]);
  }
}
