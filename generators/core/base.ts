import { existsSync, readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { setConflicterStatus, type ConflicterStatus } from '@yeoman/conflicter';
import { isFileCommitted } from 'mem-fs-editor/state';
import Generator, { type BaseOptions } from 'yeoman-generator';
import { declareInputs, type CommandName } from './commands';
import type { EditResult } from '../edits/edit-result';
import type { PackageManager } from '../project/package-manager';

export interface CommandOptions {
  force?: boolean;
  skipInstall?: boolean;
  /** `new --skip-git`: no repository, no first commit. */
  skipGit?: boolean;
  swagger?: boolean;
  /** `--docs-ui swagger|scalar`. */
  docsUi?: string;
  mcp?: boolean;
  /** `generate client --query`: TanStack Query beside the client. */
  query?: boolean;
  useNpm?: boolean;
  usePnpm?: boolean;
  useYarn?: boolean;
  useBun?: boolean;
  /** `generate controller|resource --schema <library>`: zod, valibot or arktype schemas instead of DTO classes. */
  schema?: string;
  /** `generate client --api-version 2`: the client of one API version. */
  apiVersion?: string;
  /** The `<name>` argument of `new`, `generate controller` and `generate resource` (declared with this.argument). */
  name?: string;
  /** Set by `new` for the `init` it composes: the manager create-next-app used. */
  packageManager?: PackageManager;
  /** Set by `new` for the `init` it composes: the folder it created, for the closing `cd <folder>`. */
  projectFolder?: string;
}

/** What a command did, printed at the end and returned to tests. Paths are relative to the project root. */
export interface Summary {
  /** Created, or overwritten with --force / "overwrite" at the prompt. */
  written: string[];
  /** Existing files edited in place (tsconfig.json, app.ts registration, next.config.*). */
  updated: string[];
  /** Existing files that already had the wanted content. */
  unchanged: string[];
  /** Existing files kept because they differ and were not overwritten. */
  skipped: string[];
  /** Things the user should know before relying on the result (a route file that shadows a controller). */
  warnings: string[];
  /** Steps left to do by hand, each ready to print. */
  manual: string[];
  /** Packages installed (or that would have been, with --skip-install). */
  installed: string[];
  /** The package manager used for installs (or printed in the steps to do by hand). */
  packageManager?: PackageManager;
  /** Choices the command made for the user, and why (`generate resource` following the project's schemas). */
  notes: string[];
  /** `new`: what became of the git repository (initialised with a first commit, or why not). */
  git?: string;
}

/**
 * The conflicter status of an edit of a file the user owns. It is not one of @yeoman/conflicter's own statuses:
 * a status the conflicter does not know is written without a question, like `force`, and logged through
 * `adapter.log.update`, which run.ts's logger defines. So the log says "update", not "force".
 */
const UPDATE = 'update' as ConflicterStatus;

interface PlannedFile {
  /** True for an edit of a file the user owns; false for a rendered template. */
  edit: boolean;
  /** The file on disk already had this content before the command ran. */
  identical: boolean;
}

/**
 * Shared behaviour of the commands: files go through Yeoman's in-memory file system, so nothing reaches the disk
 * before every check has passed, and existing files go through Yeoman's conflicter (prompt in a terminal, `--force`
 * overwrites, skipped when stdin is not a terminal). Edits of files the user owns (tsconfig.json, app.ts,
 * next.config.*) only insert text and are written without asking. The summary reads what the conflicter decided
 * from mem-fs: a planned file that was committed was written, one that was not was skipped (or already identical).
 */
export abstract class ProjectGenerator extends Generator<Record<string, unknown>, CommandOptions & BaseOptions> {
  readonly summary: Summary = { written: [], updated: [], unchanged: [], skipped: [], warnings: [], manual: [], installed: [], notes: [] };
  private readonly planned = new Map<string, PlannedFile>();

  /**
   * customInstallTask: dependencies are installed by install/install.ts (only what is missing, with the project's package
   * manager), so Yeoman's own "install when package.json changed" step is switched off; `new` leaves it to the `init`
   * it composes (Yeoman logs a notice when two generators both claim it). inheritTasks: `generate controller` and
   * `generate resource` share their tasks through scaffold/feature.ts.
   */
  constructor(args: string | string[], options: CommandOptions & BaseOptions, command: CommandName) {
    super(Array.isArray(args) ? args : [args], options, { customInstallTask: command !== 'new', inheritTasks: true });
    declareInputs(this, command);
  }

  /** What the command did; `new` answers with the summary of the `init` it composes. */
  _result(): Summary {
    return this.summary;
  }

  protected _relativePath(path: string): string {
    return relative(this.destinationRoot(), path).split(sep).join('/');
  }

  private _plan(path: string, contents: string, edit: boolean): void {
    const before = existsSync(path) ? readFileSync(path, 'utf8') : null;
    this.planned.set(path, { edit, identical: before === contents });
  }

  /** Renders `templates/<template>` to `<destination>` (relative to the project root). */
  _writeTemplate(template: string, destination: string, data: Record<string, unknown>): void {
    const path = this.destinationPath(destination);
    this.fs.copyTpl(this.templatePath(template), path, data);
    this._plan(path, this.fs.read(path) ?? '', false);
  }

  /** Writes the edited text of an existing file; the conflicter writes it without a prompt and logs `update`. */
  _editFile(destination: string, contents: string): void {
    const path = this.destinationPath(destination);
    this._plan(path, contents, true);
    this.fs.write(path, contents);
    setConflicterStatus(this.fs.store.get(path), UPDATE);
  }

  /** Applies an edit result: writes an edited file, or adds the lines to add by hand. */
  _applyEdit(destination: string, result: EditResult): void {
    if (result.status === 'edited') this._editFile(destination, result.text);
    if (result.status === 'manual') this._addManualStep(`${destination} was left as it is: ${result.reason}.\n${result.instructions}`);
  }

  _addManualStep(step: string): void {
    this.summary.manual.push(step);
  }

  _addWarning(warning: string): void {
    this.summary.warnings.push(warning);
  }

  /** True when the file ends up with the planned content: written now, or already identical. */
  protected _landed(destination: string): boolean {
    const path = this.destinationPath(destination);
    const plan = this.planned.get(path);
    return plan !== undefined && (plan.identical || isFileCommitted(this.fs.store.get(path)));
  }

  /** Sorts the planned files by what the conflicter decided: written, updated, unchanged or skipped. */
  protected _collectSummary(): Summary {
    for (const [path, plan] of this.planned) {
      const name = this._relativePath(path);
      if (plan.identical) this.summary.unchanged.push(name);
      else if (!isFileCommitted(this.fs.store.get(path))) this.summary.skipped.push(name);
      else if (plan.edit) this.summary.updated.push(name);
      else this.summary.written.push(name);
    }
    this.planned.clear();
    return this.summary;
  }

  protected _printSummary(nextSteps: string[] = []): void {
    const { written, updated, unchanged, skipped, warnings, manual, installed, packageManager, git, notes } = this._collectSummary();
    const lines: string[] = ['', 'Summary'];
    const list = (label: string, items: string[]) => {
      if (items.length > 0) lines.push(`  ${label}`, ...items.map((item) => `    ${item}`));
    };
    const steps = (label: string, items: string[]) => {
      if (items.length === 0) return;
      lines.push(`  ${label}`);
      for (const step of items) lines.push(...step.split('\n').map((line, index) => `    ${index === 0 ? '- ' : '  '}${line}`));
    };
    list('written:', written);
    list('updated:', updated);
    list('unchanged:', unchanged);
    list('skipped (already exist and differ; run again with --force to overwrite):', skipped);
    if (!this.options.skipInstall) list(`installed${packageManager ? ` with ${packageManager}` : ''}:`, installed);
    steps('notes:', notes);
    if (git) lines.push(`  git: ${git}`);
    steps('warnings:', warnings);
    steps('to do by hand:', manual);
    if (nextSteps.length > 0) lines.push('  next:', ...nextSteps.map((step) => `    ${step}`));
    this.log(lines.join('\n'));
  }
}
