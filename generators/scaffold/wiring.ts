import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRegisteredControllers } from '../edits/app-module';
import type { ProjectGenerator } from '../core/base';
import { addPackages, installCommandLines, LIBRARY_NAME, librarySource, missingPackages, packLibrary } from '../install/install';
import { committedDocumentTracing, NEXT_CONFIG_FILES, nextConfigInstructions, patchNextConfig, scalarNextSettings, swaggerNextSettings, type RequiredNextSetting } from '../edits/next-config';
import type { CommandOptions } from '../core/base';
import { UserError } from '../errors';
import type { PackageManager } from '../project/package-manager';
import { addOpenApiScript } from '../install/package-scripts';
import { appModuleImport, listedDependencies, nodeModulesFolders, readPackageJson, type ProjectLayout } from '../project/project';
import { writeInstrumentation } from './instrumentation';
import { writeMalformedPathProxy } from './proxy';
import { patchTsconfig, tsconfigInstructions } from '../edits/tsconfig';
import { loadTypeScript } from '../project/typescript';

/**
 * The app module template's data. An existing app module keeps the controllers it registers (and their imports), so
 * overwriting it (`--force`, or "overwrite" at the prompt) never drops them, and a second `init` finds it identical.
 */
function appModuleData(layout: ProjectLayout): { imports: string[]; controllers: string[] } {
  const path = join(layout.root, layout.appModule);
  const ts = existsSync(path) ? loadTypeScript(layout.root) : undefined;
  const found = ts ? readRegisteredControllers(ts, readFileSync(path, 'utf8')) : undefined;
  return found ?? { imports: [], controllers: [] };
}

/**
 * What `init` wires besides the API: the OpenAPI document with a docs page at /api-docs (`--swagger`: Swagger UI;
 * `--docs-ui scalar`: Scalar, which implies the document), and the MCP endpoint (`--mcp`).
 */
export interface WiringChoices {
  docs?: 'swagger' | 'scalar';
  mcp: boolean;
}

/** The choices of `init`'s (or `new`'s) options; a `--docs-ui` that is neither UI is an error before anything is written. */
export function wiringChoices(options: CommandOptions): WiringChoices {
  const docsUi = options.docsUi;
  if (docsUi !== undefined && docsUi !== 'swagger' && docsUi !== 'scalar') {
    throw new UserError(`--docs-ui takes swagger (Swagger UI, the default) or scalar (Scalar's API reference), not "${docsUi}".`);
  }
  return { docs: docsUi ?? (options.swagger ? 'swagger' : undefined), mcp: Boolean(options.mcp) };
}

/** The files and edits `init` makes, written through the generator's in-memory file system. */
export function writeWiring(generator: ProjectGenerator, layout: ProjectLayout, choices: WiringChoices): void {
  const catchAll = `${layout.appDir}/api/[[...route]]/route.ts`;
  generator._writeTemplate('app.ts.ejs', layout.appModule, appModuleData(layout));
  generator._writeTemplate('api-route.ts.ejs', catchAll, { appImport: appModuleImport(layout, catchAll) });
  if (choices.docs) {
    const openApi = `${layout.appDir}/api/openapi.json/route.ts`;
    generator._writeTemplate('openapi-route.ts.ejs', openApi, { appImport: appModuleImport(layout, openApi) });
    const page = choices.docs === 'scalar' ? 'scalar-route.ts.ejs' : 'api-docs-route.ts.ejs';
    generator._writeTemplate(page, `${layout.appDir}/api-docs/[[...file]]/route.ts`, {});
  }
  if (choices.mcp) {
    const mcp = `${layout.appDir}/mcp/route.ts`;
    generator._writeTemplate('mcp-route.ts.ejs', mcp, { appImport: appModuleImport(layout, mcp) });
  }
  // The document's class names, read back by a minified production build (MCP's tools are named after them too).
  if (choices.docs || choices.mcp) addOpenApiScript(generator, layout.root);
  writeMalformedPathProxy(generator, layout);
  writeInstrumentation(generator, layout);

  const tsconfigPath = join(layout.root, 'tsconfig.json');
  if (existsSync(tsconfigPath)) generator._applyEdit('tsconfig.json', patchTsconfig(readFileSync(tsconfigPath, 'utf8')));
  else generator._addManualStep(`There is no tsconfig.json.\n${tsconfigInstructions()}`);

  const settings = nextSettings(choices, nodeModulesFolders(layout.root));
  if (settings.length === 0) return;
  const configFile = NEXT_CONFIG_FILES.find((file) => existsSync(join(layout.root, file)));
  if (!configFile) {
    generator._addManualStep(`There is no next.config.* file. Create next.config.ts:\n${nextConfigInstructions('next.config.ts', settings)}`);
    return;
  }
  const ts = loadTypeScript(layout.root);
  if (!ts) {
    generator._addManualStep(`TypeScript is not installed, so ${configFile} was not edited.\n${nextConfigInstructions(configFile, settings)}`);
    return;
  }
  generator._applyEdit(configFile, patchNextConfig(ts, readFileSync(join(layout.root, configFile), 'utf8'), configFile, settings));
}

/** The next.config settings the choices need, each once. */
function nextSettings(choices: WiringChoices, nodeModules: readonly string[]): readonly RequiredNextSetting[] {
  const settings = [
    ...(choices.docs === 'swagger' ? swaggerNextSettings(nodeModules) : []),
    ...(choices.docs === 'scalar' ? scalarNextSettings(nodeModules) : []),
    // The routes that build the document read the class names of a minified build from openapi.json.
    ...(choices.docs ? [committedDocumentTracing('/api/openapi.json')] : []),
    ...(choices.mcp ? [committedDocumentTracing('/mcp')] : []),
  ];
  return settings.filter((setting, index) => settings.findIndex((other) => other.path.join('.') === setting.path.join('.') && other.value === setting.value) === index);
}

/**
 * Installs what package.json does not list yet, with the project's package manager; with --skip-install, prints the
 * commands instead. The library is never reinstalled when listed (the project may use it through a tarball or a
 * `file:` path).
 */
export async function installDependencies(
  generator: ProjectGenerator,
  layout: ProjectLayout,
  manager: PackageManager,
  choices: WiringChoices,
  skipInstall: boolean,
): Promise<void> {
  const pkg = readPackageJson(layout.root) ?? {};
  const specs = missingPackages(pkg, choices);
  const source = listedDependencies(pkg).has(LIBRARY_NAME) ? undefined : await librarySource(layout.root);
  generator.summary.packageManager = manager;
  if (skipInstall) {
    const lines = installCommandLines(manager, source, specs);
    if (lines.length > 0) {
      generator.summary.installed.push(...(source?.kind === 'registry' ? [source.spec] : source ? [LIBRARY_NAME] : []), ...specs);
      generator._addManualStep(`Install the dependencies (skipped with --skip-install), in ${layout.root}:\n${lines.map((line) => `  ${line}`).join('\n')}`);
    }
    return;
  }
  if (source?.kind === 'pack') {
    generator.log(`${LIBRARY_NAME} is not on the registry at this version: packing the copy the CLI runs from (${source.from}).`);
    specs.unshift(await packLibrary(source, layout.root));
  } else if (source) {
    specs.unshift(source.spec);
  }
  if (specs.length === 0) return;
  generator.log(`\n${manager} ${manager === 'npm' ? 'install' : 'add'} ${specs.join(' ')}`);
  await addPackages(manager, layout.root, specs);
  generator.summary.installed.push(...specs);
}
