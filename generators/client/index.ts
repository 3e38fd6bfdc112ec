import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BaseOptions } from 'yeoman-generator';
import { ProjectGenerator, type CommandOptions } from '../core/base';
import { clientDir, schemaFile, schemaTypes } from '../document/client-schema';
import { addCommandLine, packageManagerFromLockfile, type PackageManager } from '../project/package-manager';
import { addPackages, dependencyVersions } from '../install/install';
import { projectDocument } from '../document/openapi-document';
import { templatesOf } from '../paths';
import { clientVersioning } from './versioning';
import { appModuleImport, detectProject, listedDependencies, readPackageJson, type ProjectLayout } from '../project/project';

/**
 * `generate client [--force] [--skip-install] [--api-version <version>] [--query]`: lib/api/client.ts and lib/api/server.ts (the user's from then on: the
 * conflicter asks, `--force` overwrites, scripts keep them), the packages they import, then lib/api/schema.d.ts from
 * the document the sources give (generated: written on every run, without asking), of one API version with
 * `--api-version` (its header says which, for `openapi --check`). `--query` adds TanStack Query beside them (query.ts,
 * query-provider.tsx, prefetch.ts) and installs @tanstack/react-query and openapi-react-query.
 */
export default class ClientGenerator extends ProjectGenerator {
  private readonly layout: ProjectLayout;
  private readonly packageManager: PackageManager;

  constructor(args: string | string[], options: CommandOptions & BaseOptions) {
    super(args, options, 'client');
    this.sourceRoot(templatesOf('client'));
    this.layout = detectProject(this.destinationRoot());
    this.packageManager = packageManagerFromLockfile(this.layout.root) ?? 'npm';
    // The types are made by the project's openapi-typescript, so after the install.
    this.registerPriorities([{ priorityName: 'types', before: 'end' }]);
  }

  async writing() {
    const dir = clientDir(this.layout);
    this._writeTemplate('client.ts.ejs', `${dir}/client.ts`, {});
    this._writeTemplate('server.ts.ejs', `${dir}/server.ts`, { appImport: appModuleImport(this.layout, `${dir}/server.ts`) });
    if (this.options.query) {
      // Header or media-type versioning: query.ts puts the version into every request and query key.
      const versioning = clientVersioning((await this._document()) as never, this.options.apiVersion);
      for (const file of ['query.ts', 'query-provider.tsx', 'prefetch.ts']) this._writeTemplate(`${file}.ejs`, `${dir}/${file}`, { versioning });
    }
  }

  private documentSource?: Promise<unknown>;

  /** The app's document of `--api-version`'s version (or all), read once for query.ts and schema.d.ts. */
  _document(): Promise<unknown> {
    this.documentSource ??= projectDocument(this.layout, this.options.apiVersion).then(({ document }) => document);
    return this.documentSource;
  }

  async install() {
    const versions = dependencyVersions();
    const listed = listedDependencies(readPackageJson(this.layout.root) ?? {});
    const missing = (group: Record<string, string>) => Object.entries(group).filter(([name]) => !listed.has(name)).map(([name, range]) => `${name}@${range}`);
    const groups: [string[], boolean][] = [
      [missing({ ...versions.clientDependencies, ...(this.options.query ? versions.queryDependencies : {}) }), false],
      [missing(versions.clientDevDependencies), true],
    ];
    this.summary.packageManager = this.packageManager;
    for (const [specs, dev] of groups) {
      if (specs.length === 0) continue;
      if (this.options.skipInstall) {
        this._addManualStep(`Install (skipped with --skip-install), in ${this.layout.root}:\n  ${addCommandLine(this.packageManager, specs, dev)}`);
      } else {
        this.log(`\n${addCommandLine(this.packageManager, specs, dev)}`);
        await addPackages(this.packageManager, this.layout.root, specs, dev);
      }
      this.summary.installed.push(...specs);
    }
  }

  async types() {
    const file = schemaFile(this.layout);
    const { apiVersion } = this.options;
    const document = (await this._document()) as Awaited<ReturnType<typeof projectDocument>>['document'];
    const types = await schemaTypes(this.layout.root, document, apiVersion);
    if (types === undefined) {
      this._addManualStep(`${file} was not written: openapi-typescript is not installed. Install it, then run \`next-app-controllers generate client\` again.`);
      return;
    }
    const path = join(this.layout.root, file);
    const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    if (before === types) {
      this.summary.unchanged.push(file);
      return;
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, types);
    this.summary[before === undefined ? 'written' : 'updated'].push(file);
  }

  end() {
    const from = `${this.layout.hasAtAlias ? '@/' : `./${this.layout.sourceDir ? `${this.layout.sourceDir}/` : ''}`}lib/api`;
    const next = [`import { api } from '${from}/server' in server components and Server Actions`];
    if (this.options.query) {
      next.push(`wrap the root layout's children in <QueryProvider> from '${from}/query-provider'`, `$api.useQuery(…) from '${from}/query' in client components; prefetchQuery from '${from}/prefetch' in server components`);
    }
    this._printSummary(next);
  }
}
