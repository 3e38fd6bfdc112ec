import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectGenerator } from './base';
import { cliVersion, librarySpec, LIBRARY_NAME, missingPackages, npmInstall } from './install';
import { NEXT_CONFIG_FILES, nextConfigInstructions, patchNextConfig, swaggerNextSettings } from './next-config';
import { appModuleImport, listedDependencies, nextMajorVersion, readPackageJson, type ProjectLayout } from './project';
import { writeMalformedPathProxy } from './proxy';
import { patchTsconfig, tsconfigInstructions } from './tsconfig';
import { loadTypeScript } from './typescript';

/** The files and edits `init` and `new` share, written through the generator's in-memory file system. */
export function writeWiring(generator: ProjectGenerator, layout: ProjectLayout, swagger: boolean): void {
  const writeTemplate = generator._writeTemplate.bind(generator);
  const editFile = generator._editFile.bind(generator);
  const addManualStep = generator._addManualStep.bind(generator);
  const catchAll = `${layout.appDir}/api/[[...route]]/route.ts`;
  writeTemplate('app.ts.ejs', layout.appModule, {});
  writeTemplate('api-route.ts.ejs', catchAll, { appImport: appModuleImport(layout, catchAll) });
  if (swagger) {
    const openApi = `${layout.appDir}/api/openapi.json/route.ts`;
    writeTemplate('openapi-route.ts.ejs', openApi, { appImport: appModuleImport(layout, openApi) });
    writeTemplate('api-docs-route.ts.ejs', `${layout.appDir}/api-docs/[[...file]]/route.ts`, {});
  }
  writeMalformedPathProxy(generator, layout);

  const tsconfigPath = join(layout.root, 'tsconfig.json');
  if (existsSync(tsconfigPath)) {
    const patch = patchTsconfig(readFileSync(tsconfigPath, 'utf8'));
    if (patch.status === 'patched') editFile('tsconfig.json', patch.text);
    if (patch.status === 'manual') addManualStep(`${patch.reason}.\n${patch.instructions}`);
  } else {
    addManualStep(`There is no tsconfig.json.\n${tsconfigInstructions()}`);
  }

  if (swagger) {
    const settings = swaggerNextSettings(nextMajorVersion(layout.root));
    const configFile = NEXT_CONFIG_FILES.find((file) => existsSync(join(layout.root, file)));
    if (!configFile) {
      addManualStep(`There is no next.config.* file. Create next.config.ts:\n${nextConfigInstructions('next.config.ts', settings)}`);
      return;
    }
    const ts = loadTypeScript(layout.root);
    if (!ts) {
      addManualStep(`TypeScript is not installed, so ${configFile} was not edited.\n${nextConfigInstructions(configFile, settings)}`);
      return;
    }
    const patch = patchNextConfig(ts, readFileSync(join(layout.root, configFile), 'utf8'), configFile, settings);
    if (patch.status === 'patched') editFile(configFile, patch.text);
    if (patch.status === 'manual') addManualStep(`${configFile}: ${patch.reason}.\n${patch.instructions}`);
  }
}

/**
 * Installs what package.json does not list yet. The library is never reinstalled when listed (the project may use
 * it through a tarball or a `file:` path).
 */
export async function installDependencies(
  generator: ProjectGenerator,
  layout: ProjectLayout,
  swagger: boolean,
  skipInstall: boolean,
): Promise<void> {
  const pkg = readPackageJson(layout.root) ?? {};
  const specs = missingPackages(pkg, swagger);
  const hasLibrary = listedDependencies(pkg).has(LIBRARY_NAME);
  if (skipInstall) {
    if (!hasLibrary) specs.unshift(`${LIBRARY_NAME}@${cliVersion()}`);
    if (specs.length > 0) {
      generator.summary.installed.push(...specs);
      generator._addManualStep(`Install the dependencies (skipped with --skip-install):\n  npm install ${specs.join(' ')}`);
    }
    return;
  }
  if (!hasLibrary) specs.unshift(await librarySpec(layout.root, (line) => generator.log(line)));
  if (specs.length === 0) return;
  generator.log(`\nnpm install ${specs.join(' ')}`);
  await npmInstall(layout.root, specs);
  generator.summary.installed.push(...specs);
}
