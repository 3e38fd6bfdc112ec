import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { registerController, registrationInstructions } from '../edits/app-module';
import { ProjectGenerator, type CommandOptions } from '../core/base';
import { UserError } from '../errors';
import { controllerNames, validateControllerName, type ControllerNames } from './names';
import { SCHEMA_LIBRARIES, validateSchemaLibrary, type SchemaLibrary } from './schema-library';
import { isSchemaLibrary, projectSchemaChoice } from './project-schemas';
import { addPackages, dependencyVersions } from '../install/install';
import { templatesOf } from '../paths';
import { addCommandLine, packageManagerFromLockfile } from '../project/package-manager';
import { detectProject, listedDependencies, readPackageJson, relativeImport, type ProjectLayout } from '../project/project';
import { loadTypeScript } from '../project/typescript';
import type { BaseOptions } from 'yeoman-generator';

/** Route files (`route.ts`, `route.js`, …) under a folder, relative to the project root. */
function routeFilesUnder(root: string, folder: string): string[] {
  const found: string[] = [];
  const walk = (relativeDir: string) => {
    const dir = join(root, relativeDir);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) return;
    for (const name of readdirSync(dir).sort()) {
      const child = `${relativeDir}/${name}`;
      if (/^route\.(ts|tsx|js|jsx|mjs)$/.test(name)) found.push(child);
      else if (statSync(join(root, child)).isDirectory()) walk(child);
    }
  };
  walk(folder);
  return found;
}

/** True when the module's text exports a class or binding of that name. */
function exportsName(text: string, name: string): boolean {
  return new RegExp(`export\\s+(default\\s+)?(abstract\\s+)?class\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(text);
}

/**
 * `generate controller` and `generate resource`: write features/<name>/controller.ts and dto.ts from the command's
 * templates (with `--schema <library>`, controller.ts and schemas.ts from its `schema/` templates), then, once the
 * conflicter has decided, register the controller in the app module, but only when controller.ts exports it (a kept
 * file of the user's may not), and install the schema library when package.json lacks it.
 */
export abstract class FeatureGenerator extends ProjectGenerator {
  protected readonly layout: ProjectLayout;
  protected readonly names: ControllerNames;
  /** Schemas of this library instead of DTO classes: `--schema`, else what the project's features use. */
  protected readonly schema?: SchemaLibrary;
  private registered = false;
  private shadowingFiles: string[] = [];

  constructor(args: string | string[], options: CommandOptions & BaseOptions, command: 'controller' | 'resource') {
    super(args, options, command);
    this.sourceRoot(templatesOf(command));
    // Inputs are checked here, before any task is queued, so a bad one fails with our message alone.
    const valid = validateControllerName(this.options.name);
    if (valid !== true) throw new UserError(valid);
    this.names = controllerNames(this.options.name as string);
    if (this.options.schema !== undefined) {
      const library = validateSchemaLibrary(this.options.schema);
      if (library !== true) throw new UserError(library);
    }
    this.layout = detectProject(this.destinationRoot());
    if (this.options.schema === undefined) {
      const choice = projectSchemaChoice(this.layout.root, this.layout.featuresDir, this.names.folder);
      this.schema = choice.library;
      if (choice.note) this.summary.notes.push(choice.note);
    } else if (isSchemaLibrary(this.options.schema)) {
      this.schema = this.options.schema;
    }
    // Registration needs the conflicter's decision on controller.ts, so it runs after the files are committed.
    this.registerPriorities([{ priorityName: 'registering', before: 'install' }]);
  }

  protected get controllerFile(): string {
    return `${this.layout.featuresDir}/${this.names.folder}/controller.ts`;
  }

  /** The routes the generated controller answers, for the closing line: `GET /api/posts`. */
  protected abstract servedRoutes(): string;

  writing() {
    const data = { ...this.names };
    const folder = `${this.layout.featuresDir}/${this.names.folder}`;
    if (this.schema) {
      this._writeTemplate('schema/controller.ts.ejs', this.controllerFile, data);
      this._writeTemplate(`schema/${this.schema}.ts.ejs`, `${folder}/schemas.ts`, data);
    } else {
      this._writeTemplate('controller.ts.ejs', this.controllerFile, data);
      this._writeTemplate('dto.ts.ejs', `${folder}/dto.ts`, data);
    }
    this.shadowingFiles = routeFilesUnder(this.layout.root, `${this.layout.appDir}/api/${this.names.folder}`);
    for (const file of this.shadowingFiles) {
      this._addWarning(
        `${file} already answers requests under /api/${this.names.folder}: Next.js serves that file before the catch-all route, so ${this.names.className} is not reached there (methods the file does not export get Next.js's 405). Move its handlers into the controller and delete it, or give the controller another prefix.`,
      );
    }
  }

  registering() {
    const { className } = this.names;
    const appModule = this.layout.appModule;
    const importPath = relativeImport(appModule, this.controllerFile);
    const instructions = registrationInstructions(className, importPath, appModule);
    const controllerPath = join(this.layout.root, this.controllerFile);
    if (!this._landed(this.controllerFile) && !exportsName(readFileSync(controllerPath, 'utf8'), className)) {
      this._addManualStep(
        `${this.controllerFile} was kept and does not export ${className}, so it was not registered in ${appModule}. Rename the class, or run again with --force to replace the file.`,
      );
      return;
    }
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
    const result = registerController(ts, readFileSync(appModulePath, 'utf8'), className, importPath, appModule);
    this._applyEdit(appModule, result);
    if (result.status === 'unchanged') this.summary.unchanged.push(`${appModule} (already registers ${className})`);
    this.registered = result.status !== 'manual';
  }

  /** `--schema`: the library's packages that package.json does not list, installed with the project's manager. */
  async install() {
    if (!this.schema) return;
    const versions = dependencyVersions().schemaDependencies;
    const listed = listedDependencies(readPackageJson(this.layout.root) ?? {});
    const specs = SCHEMA_LIBRARIES[this.schema].filter((name) => !listed.has(name)).map((name) => `${name}@${versions[name]}`);
    if (specs.length === 0) return;
    const manager = packageManagerFromLockfile(this.layout.root) ?? 'npm';
    this.summary.packageManager = manager;
    this.summary.installed.push(...specs);
    if (this.options.skipInstall) {
      this._addManualStep(`Install (skipped with --skip-install), in ${this.layout.root}:\n  ${addCommandLine(manager, specs)}`);
      return;
    }
    this.log(`\n${addCommandLine(manager, specs)}`);
    await addPackages(manager, this.layout.root, specs);
  }

  end() {
    const served = this.registered && this.shadowingFiles.length === 0;
    this._printSummary(served ? [`${this.servedRoutes()} served by ${this.names.className}`] : []);
  }
}
