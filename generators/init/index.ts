import type { BaseOptions } from 'yeoman-generator';
import { ProjectGenerator, type CommandOptions } from '../core/base';
import { execCommandLine, packageManagerFromLockfile, type PackageManager } from '../project/package-manager';
import { templatesOf } from '../paths';
import { detectProject, type ProjectLayout } from '../project/project';
import { installDependencies, wiringChoices, writeWiring, type WiringChoices } from '../scaffold/wiring';

/** `init [--swagger] [--docs-ui swagger|scalar] [--mcp] [--force] [--skip-install]`: wires an existing Next.js App Router project. */
export default class InitGenerator extends ProjectGenerator {
  private readonly layout: ProjectLayout;
  private readonly packageManager: PackageManager;
  private readonly choices: WiringChoices;

  constructor(args: string | string[], options: CommandOptions & BaseOptions) {
    super(args, options, 'init');
    this.option('packageManager', { type: String, hide: true, description: 'Set by `new`: the package manager to install with' });
    this.option('projectFolder', { type: String, hide: true, description: 'Set by `new`: the folder it created' });
    this.sourceRoot(templatesOf('init'));
    // Checked before any task is queued, so a folder that is not an App Router project fails with our message alone.
    this.layout = detectProject(this.destinationRoot());
    this.choices = wiringChoices(this.options);
    this.packageManager = options.packageManager ?? packageManagerFromLockfile(this.layout.root) ?? 'npm';
  }

  writing() {
    writeWiring(this, this.layout, this.choices);
  }

  async install() {
    await installDependencies(this, this.layout, this.packageManager, this.choices, Boolean(this.options.skipInstall));
  }

  end() {
    const folder = this.options.projectFolder;
    this._printSummary([
      ...(folder ? [`cd ${folder}`] : []),
      `${execCommandLine(this.packageManager, 'next-app-controllers')} generate resource <name>`,
      `${this.packageManager} run dev`,
    ]);
  }
}
