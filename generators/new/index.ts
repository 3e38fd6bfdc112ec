import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ProjectGenerator } from '../lib/base';
import { runCommand } from '../lib/install';
import { validateProjectName } from '../lib/names';
import { detectProject, UserError, type ProjectLayout } from '../lib/project';
import { installDependencies, writeWiring } from '../lib/wiring';
import { INIT_TEMPLATES } from '../init/index';

/** The create-next-app command `new` runs; NEXT_APP_CONTROLLERS_CREATE_NEXT_APP replaces `npx` (tests). */
export function createNextAppArguments(name: string, skipInstall: boolean): string[] {
  const args = ['--yes', 'create-next-app@latest', name, '--ts', '--app', '--src-dir', '--no-tailwind', '--no-eslint'];
  args.push('--import-alias', '@/*', '--use-npm', '--yes', '--disable-git');
  if (skipInstall) args.push('--skip-install');
  return args;
}

/** `new <name> [--swagger] [--skip-install]`: create-next-app, then the same wiring as `init`. */
export default class NewGenerator extends ProjectGenerator {
  private layout!: ProjectLayout;
  private projectName = '';

  constructor(args: string | string[], options: ConstructorParameters<typeof ProjectGenerator>[1]) {
    super(args, options);
    this.sourceRoot(INIT_TEMPLATES);
    this.projectName = String((Array.isArray(args) ? args : [args])[0] ?? '');
  }

  async initializing() {
    const valid = validateProjectName(this.projectName);
    if (valid !== true) throw new UserError(valid);
    const target = resolve(this.destinationRoot(), this.projectName);
    if (existsSync(target)) {
      throw new UserError(`${target} already exists. Choose another name, or run \`next-app-controllers init\` inside it.`);
    }
    const command = process.env.NEXT_APP_CONTROLLERS_CREATE_NEXT_APP ?? 'npx';
    const args = createNextAppArguments(this.projectName, Boolean(this.options.skipInstall));
    this.log(`${command} ${args.join(' ')}`);
    const result = await runCommand(command, args, { cwd: this.destinationRoot(), inherit: true });
    if (result.code !== 0 || !existsSync(target)) {
      throw new UserError(`create-next-app failed with exit code ${result.code} (see its output above).`);
    }
    this.destinationRoot(target);
    this.layout = detectProject(target);
  }

  writing() {
    writeWiring(this, this.layout, Boolean(this.options.swagger));
  }

  async install() {
    await installDependencies(this, this.layout, Boolean(this.options.swagger), Boolean(this.options.skipInstall));
  }

  end() {
    this._printSummary([`cd ${this.projectName}`, 'npx next-app-controllers generate controller <name>', 'npm run dev']);
  }
}
