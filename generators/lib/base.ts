import { existsSync, readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import Generator, { type BaseOptions } from 'yeoman-generator';

export interface CommandOptions {
  force?: boolean;
  skipInstall?: boolean;
  swagger?: boolean;
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
  /** Steps left to do by hand, each ready to print. */
  manual: string[];
  /** Packages installed (or that would have been, with --skip-install). */
  installed: string[];
}

interface PlannedFile {
  path: string;
  contents: string;
  before: string | null;
  edit: boolean;
}

/**
 * Shared behaviour of the commands: files go through Yeoman's in-memory file system, so nothing reaches the disk
 * before every check has passed, and existing files go through Yeoman's conflict handling (prompt in a terminal,
 * `--force` overwrites, skipped when stdin is not a terminal). Edits of files the user owns (tsconfig.json, app.ts,
 * next.config.*) only insert text and are applied without asking.
 */
export abstract class ProjectGenerator extends Generator<Record<string, unknown>, CommandOptions & BaseOptions> {
  readonly summary: Summary = { written: [], updated: [], unchanged: [], skipped: [], manual: [], installed: [] };
  private readonly planned: PlannedFile[] = [];

  constructor(args: string | string[], options: CommandOptions & BaseOptions) {
    // customInstallTask: dependencies are installed by lib/install.ts (npm install of only what is missing), so
    // Yeoman's own "install when package.json changed" step is switched off.
    super(Array.isArray(args) ? args : [args], options, { customInstallTask: true });
    // Yeoman logs "An error occured while running <namespace>#<task>" before it rethrows a task's error. The bin
    // prints that error, which says what is wrong and how to fix it; the extra line only hid it.
    const log = this.log;
    (this as { log: typeof log }).log = new Proxy(log, {
      get: (target, key, receiver) =>
        key === 'error'
          ? (message: unknown, ...rest: unknown[]) => {
              if (!String(message).startsWith('An error occured while running ')) target.error(message as string, ...(rest as []));
            }
          : Reflect.get(target, key, receiver),
    });
  }

  protected _relativePath(path: string): string {
    return relative(this.destinationRoot(), path).split(sep).join('/');
  }

  private _readDisk(path: string): string | null {
    return existsSync(path) ? readFileSync(path, 'utf8') : null;
  }

  /** Renders `templates/<template>` to `<destination>` (relative to the project root). */
  _writeTemplate(template: string, destination: string, data: Record<string, unknown>): void {
    const path = this.destinationPath(destination);
    const before = this._readDisk(path);
    this.fs.copyTpl(this.templatePath(template), path, data);
    this.planned.push({ path, contents: this.fs.read(path) ?? '', before, edit: false });
  }

  /** Writes the edited text of an existing file; it is applied without a conflict prompt. */
  _editFile(destination: string, contents: string): void {
    const path = this.destinationPath(destination);
    const before = this._readDisk(path);
    this.fs.write(path, contents);
    const file = (this.env as unknown as { sharedFs: { get(path: string): { conflicter?: string } } }).sharedFs.get(path);
    file.conflicter = 'force';
    this.planned.push({ path, contents, before, edit: true });
  }

  _addManualStep(step: string): void {
    this.summary.manual.push(step);
  }

  /** Compares the disk with what was planned, after Yeoman's commit: what was written, kept or skipped. */
  protected _collectSummary(): Summary {
    for (const file of this.planned) {
      const name = this._relativePath(file.path);
      const now = this._readDisk(file.path);
      if (file.before === file.contents) this.summary.unchanged.push(name);
      else if (now !== file.contents) this.summary.skipped.push(name);
      else if (file.edit) this.summary.updated.push(name);
      else this.summary.written.push(name);
    }
    return this.summary;
  }

  protected _printSummary(nextSteps: string[] = []): void {
    const { written, updated, unchanged, skipped, manual, installed } = this._collectSummary();
    const lines: string[] = ['', 'Summary'];
    const list = (label: string, items: string[]) => {
      if (items.length > 0) lines.push(`  ${label}`, ...items.map((item) => `    ${item}`));
    };
    list('written:', written);
    list('updated:', updated);
    list('unchanged:', unchanged);
    list('skipped (already exist and differ; run again with --force to overwrite):', skipped);
    if (!this.options.skipInstall) list('installed:', installed);
    if (manual.length > 0) {
      lines.push('  to do by hand:');
      for (const step of manual) lines.push(...step.split('\n').map((line, index) => `    ${index === 0 ? '- ' : '  '}${line}`));
    }
    if (nextSteps.length > 0) lines.push('  next:', ...nextSteps.map((step) => `    ${step}`));
    this.log(lines.join('\n'));
  }
}
