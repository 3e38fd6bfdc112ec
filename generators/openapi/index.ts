import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { schemaApiVersion, schemaFile, schemaTypes } from '../document/client-schema';
import { UserError } from '../errors';
import { operationCount, projectDocument, type OpenApiDocument } from '../document/openapi-document';
import { detectProject } from '../project/project';
import { compareDocuments, type Change } from '../document/diff';

export interface OpenApiCommand {
  cwd: string;
  /** Where the document goes, relative to cwd. Default `openapi.json` at the project root. */
  out?: string;
  /** Compare instead of writing: list each difference, breaking or not; exit 1 on a breaking one (see `CheckResult`). */
  check?: boolean;
  /** The document of one API version (`generateOpenApiDocument({ apiVersion })`; the route gets `?version=`). */
  apiVersion?: string;
  /** With `check`: exit 1 on any difference. */
  strict?: boolean;
  /** With `check`: `json` prints a `CheckResult`. Default `text`. */
  format?: 'text' | 'json';
  print: (text: string) => void;
  /** Where `--check` lists what fails. */
  printError: (text: string) => void;
}

/**
 * What `openapi --check --format json` prints (one JSON object on stdout, whatever the exit code), for other tools.
 * `changes` are compareDocuments' (each `{ breaking, kind, at, operation?, message }`).
 */
export interface CheckResult {
  /** The committed document, relative to the working directory. */
  file: string;
  /** `--api-version`, or null for the document of every version. */
  apiVersion: string | null;
  /** False when the file is missing (then `changes` is empty and `ok` false). */
  exists: boolean;
  /** Operations in the document the sources give. */
  operations: number;
  changes: Change[];
  /** How many of `changes` are breaking. */
  breaking: number;
  /**
   * The generated client's types, when the project has them: `current`, `stale` (they differ from the types of the
   * document the sources give), `other-version` (generated for another `--api-version`: checked by that run), or
   * `unchecked` (openapi-typescript is not installed).
   */
  types: { file: string; status: 'current' | 'stale' | 'other-version' | 'unchecked'; apiVersion: string | null } | null;
  /** The exit code is 0. */
  ok: boolean;
}

export const DEFAULT_DOCUMENT_FILE = 'openapi.json';

/** The JSON as written: two-space indents and a final newline, so the file diffs well in review. */
export function documentText(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * `next-app-controllers openapi [--out <file>] [--api-version <version>] [--check [--strict] [--format json]]`: the
 * document the app serves, from its sources, with no server and no build. Not a Yeoman generator: it writes one
 * generated file and never asks anything. Returns the exit code; a UserError (a syntax error in a controller, no app,
 * a version no route has) is thrown before anything is written.
 *
 * `--check` compares the committed file with the sources (compareDocuments): it exits 1 when the file is missing, on
 * a breaking change, on any change with `--strict`, when the client's types cannot be checked, and when they are
 * stale although the document is not (nothing else explains them; a document change that stales them follows the
 * document's verdict).
 */
export async function runOpenApiCommand(command: OpenApiCommand): Promise<number> {
  const layout = detectProject(command.cwd);
  const file = resolve(command.cwd, command.out ?? resolve(layout.root, DEFAULT_DOCUMENT_FILE));
  const shown = relative(command.cwd, file) || file;
  const { document, from } = await projectDocument(layout, command.apiVersion);
  const operations = operationCount(document);
  const plural = `${operations} operation${operations === 1 ? '' : 's'}`;
  const version = command.apiVersion === undefined ? '' : ` --api-version ${command.apiVersion}`;
  const rerun = `next-app-controllers openapi${version}${command.out ? ` --out ${command.out}` : ''}`;

  if (!command.check) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, documentText(document));
    command.print(`Wrote ${shown}: ${plural}${command.apiVersion === undefined ? '' : ` of API version ${command.apiVersion}`} (from ${from}).`);
    return 0;
  }

  const exists = existsSync(file);
  let changes: Change[] = [];
  if (exists) {
    let committed: OpenApiDocument;
    try {
      committed = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
    } catch (error) {
      throw new UserError(`${shown} is not JSON: ${(error as Error).message}`);
    }
    changes = compareDocuments(committed, document);
  }
  const breaking = changes.filter((change) => change.breaking).length;
  const types = await checkTypes(layout.root, schemaFile(layout), document, command.apiVersion);
  const staleTypes = types?.status === 'stale';
  const failed =
    !exists || breaking > 0 || types?.status === 'unchecked' || (command.strict === true && (changes.length > 0 || staleTypes)) || (staleTypes && changes.length === 0);
  const result: CheckResult = { file: shown, apiVersion: command.apiVersion ?? null, exists, operations, changes, breaking, types, ok: !failed };

  if (command.format === 'json') {
    command.print(JSON.stringify(result, null, 2));
    return failed ? 1 : 0;
  }
  if (!exists) command.printError(`${shown} does not exist: run \`${rerun}\` and commit it.`);
  // What fails goes to stderr; a check that passes with changes lists them on stdout.
  const say = failed ? command.printError : command.print;
  if (changes.length > 0) {
    const count = `${changes.length} change${changes.length === 1 ? '' : 's'}`;
    say(
      breaking > 0
        ? `${shown} differs from the sources: ${breaking} of ${count} breaking (run \`${rerun}\` to update it):`
        : `${shown} differs from the sources, no change breaking (run \`${rerun}\` to update it${command.strict ? '' : '; --strict fails on any change'}):`,
    );
    for (const change of changes) say(`  ${change.breaking ? 'breaking' : 'not breaking'}: ${change.message}`);
  }
  if (types?.status === 'stale') {
    say(`${types.file} is out of date: run \`next-app-controllers generate client${version}\`.`);
  } else if (types?.status === 'unchecked') {
    command.printError(`${types.file} cannot be checked: openapi-typescript is not installed (run \`next-app-controllers generate client\`).`);
  } else if (types?.status === 'other-version') {
    const theirs = types.apiVersion === null ? '' : ` --api-version ${types.apiVersion}`;
    command.print(`${types.file} is the client of ${types.apiVersion === null ? 'every version' : `API version ${types.apiVersion}`}: \`next-app-controllers openapi --check${theirs}\` checks it.`);
  }
  if (failed) return 1;
  if (changes.length === 0) command.print(`${shown} matches the sources: ${plural}${types?.status === 'current' ? `; ${types.file} too` : ''}.`);
  return 0;
}

/** The generated client's types against the document's (see CheckResult.types); null when the project has none. */
async function checkTypes(root: string, file: string, document: OpenApiDocument, apiVersion: string | undefined): Promise<CheckResult['types']> {
  const path = resolve(root, file);
  if (!existsSync(path)) return null;
  const text = readFileSync(path, 'utf8');
  const theirs = schemaApiVersion(text);
  if (theirs !== apiVersion) return { file, status: 'other-version', apiVersion: theirs ?? null };
  const expected = await schemaTypes(root, document, apiVersion);
  const status = expected === undefined ? 'unchecked' : expected === text ? 'current' : 'stale';
  return { file, status, apiVersion: apiVersion ?? null };
}
