import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BaseOptions } from 'yeoman-generator';
import { ProjectGenerator, type CommandOptions, type Summary } from '../core/base';
import { wiringChoices } from '../scaffold/wiring';
import { UserError } from '../errors';
import { runCommand } from '../install/install';
import { initialiseRepository } from './git';
import { validateProjectName } from '../scaffold/names';
import { PACKAGE_MANAGERS, packageManagerFromUserAgent, type PackageManager } from '../project/package-manager';

const FLAG_OF: Record<PackageManager, keyof CommandOptions> = { npm: 'useNpm', pnpm: 'usePnpm', yarn: 'useYarn', bun: 'useBun' };

/** The create-next-app command `new` runs; NEXT_APP_CONTROLLERS_CREATE_NEXT_APP replaces `npx` (tests). */
export function createNextAppArguments(name: string, skipInstall: boolean, manager: PackageManager = 'npm'): string[] {
  const args = ['--yes', 'create-next-app@latest', name, '--ts', '--app', '--src-dir', '--no-tailwind', '--no-eslint'];
  args.push('--import-alias', '@/*', `--use-${manager}`, '--yes', '--disable-git');
  if (skipInstall) args.push('--skip-install');
  return args;
}

/** `--use-<manager>` when given, else the manager that started the CLI (`pnpm dlx`, `yarn dlx`, `bunx`), else npm. */
export function choosePackageManager(options: CommandOptions, userAgent = process.env.npm_config_user_agent): PackageManager {
  const chosen = PACKAGE_MANAGERS.filter((manager) => options[FLAG_OF[manager]]);
  if (chosen.length > 1) throw new UserError(`Pass only one of ${chosen.map((manager) => `--use-${manager}`).join(', ')}.`);
  return chosen[0] ?? packageManagerFromUserAgent(userAgent) ?? 'npm';
}

/** `new <name> [--swagger] [--docs-ui swagger|scalar] [--mcp] [--skip-install] [--skip-git] [--use-npm|--use-pnpm|--use-yarn|--use-bun]`: create-next-app, then `init`. */
export default class NewGenerator extends ProjectGenerator {
  private readonly projectName: string;
  private readonly packageManager: PackageManager;
  private init?: ProjectGenerator;

  constructor(args: string | string[], options: CommandOptions & BaseOptions) {
    super(args, options, 'new');
    // Checked before any task is queued, so a bad input fails with our message alone and nothing is created.
    const valid = validateProjectName(this.options.name);
    if (valid !== true) throw new UserError(valid);
    this.projectName = this.options.name as string;
    const target = resolve(this.destinationRoot(), this.projectName);
    if (existsSync(target)) {
      throw new UserError(`${target} already exists. Choose another name, or run \`next-app-controllers init\` inside it.`);
    }
    this.packageManager = choosePackageManager(this.options);
    wiringChoices(this.options);
    // After the files are written and installed, before `init` prints the summary (its `end`).
    this.registerPriorities([{ priorityName: 'repository', before: 'end' }]);
  }

  async initializing() {
    const target = resolve(this.destinationRoot(), this.projectName);
    const command = process.env.NEXT_APP_CONTROLLERS_CREATE_NEXT_APP ?? 'npx';
    const args = createNextAppArguments(this.projectName, Boolean(this.options.skipInstall), this.packageManager);
    this.log(`${command} ${args.join(' ')}`);
    const result = await runCommand(command, args, { cwd: this.destinationRoot(), inherit: true });
    if (result.code !== 0 || !existsSync(target)) {
      throw new UserError(`create-next-app failed with exit code ${result.code} (see its output above).`);
    }
    this.destinationRoot(target);
    this.init = await this.composeWith<ProjectGenerator>('next-app-controllers:init', {
      generatorOptions: {
        swagger: Boolean(this.options.swagger),
        docsUi: this.options.docsUi,
        mcp: Boolean(this.options.mcp),
        skipInstall: Boolean(this.options.skipInstall),
        packageManager: this.packageManager,
        projectFolder: this.projectName,
      },
    });
  }

  /** git init and a first commit of the wired project, as create-next-app would have made it (see ./git.ts). */
  async repository() {
    if (this.options.skipGit || !this.init) return;
    this.init.summary.git = await initialiseRepository(this.destinationRoot());
  }

  override _result(): Summary {
    return this.init?.summary ?? this.summary;
  }
}
