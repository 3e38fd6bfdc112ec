import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { schemaFile, schemaTypes } from '../document/client-schema';
import { UserError } from '../errors';
import { operationCount, projectDocument, type OpenApiDocument } from '../document/openapi-document';
import { detectProject } from '../project/project';
import { describeChanges } from '../document/diff';

export interface OpenApiCommand {
  cwd: string;
  /** Where the document goes, relative to cwd. Default `openapi.json` at the project root. */
  out?: string;
  /** Compare instead of writing: exit 1 when the file (or the generated client's types) differ from the sources. */
  check?: boolean;
  print: (text: string) => void;
  /** Where `--check` lists what differs. */
  printError: (text: string) => void;
}

export const DEFAULT_DOCUMENT_FILE = 'openapi.json';

/** The JSON as written: two-space indents and a final newline, so the file diffs well in review. */
export function documentText(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * `next-app-controllers openapi [--out <file>] [--check]`: the document the app serves, from its sources, with no
 * server and no build. Not a Yeoman generator: it writes one generated file and never asks anything. Returns the
 * exit code; a UserError (a syntax error in a controller, no app) is thrown before anything is written.
 */
export async function runOpenApiCommand(command: OpenApiCommand): Promise<number> {
  const layout = detectProject(command.cwd);
  const file = resolve(command.cwd, command.out ?? resolve(layout.root, DEFAULT_DOCUMENT_FILE));
  const shown = relative(command.cwd, file) || file;
  const { document, from } = await projectDocument(layout);
  const operations = operationCount(document);

  if (!command.check) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, documentText(document));
    command.print(`Wrote ${shown}: ${operations} operation${operations === 1 ? '' : 's'} (from ${from}).`);
    return 0;
  }

  const problems: string[] = [];
  if (!existsSync(file)) {
    problems.push(`${shown} does not exist: run \`next-app-controllers openapi${command.out ? ` --out ${command.out}` : ''}\` and commit it.`);
  } else {
    let committed: OpenApiDocument;
    try {
      committed = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
    } catch (error) {
      throw new UserError(`${shown} is not JSON: ${(error as Error).message}`);
    }
    const changes = describeChanges(committed, document);
    if (changes.length > 0) {
      problems.push(`${shown} differs from the sources (run \`next-app-controllers openapi\` to update it):`, ...changes.map((change) => `  ${change}`));
    }
  }
  const types = resolve(layout.root, schemaFile(layout));
  if (existsSync(types)) {
    const expected = await schemaTypes(layout.root, document);
    if (expected === undefined) {
      problems.push(`${schemaFile(layout)} cannot be checked: openapi-typescript is not installed (run \`next-app-controllers generate client\`).`);
    } else if (readFileSync(types, 'utf8') !== expected) {
      problems.push(`${schemaFile(layout)} is out of date: run \`next-app-controllers generate client\`.`);
    }
  }
  if (problems.length > 0) {
    for (const problem of problems) command.printError(problem);
    return 1;
  }
  command.print(`${shown} matches the sources: ${operations} operation${operations === 1 ? '' : 's'}${existsSync(types) ? `; ${schemaFile(layout)} too` : ''}.`);
  return 0;
}
