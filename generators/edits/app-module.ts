import type * as TS from 'typescript';
import type { EditResult } from './edit-result';
import { appendToList, applyTextEdits, quoteStyle, type TextEdit, type TypeScript } from '../project/typescript';

/** The two lines a user adds by hand when app.ts cannot be edited. */
export function registrationInstructions(className: string, importPath: string, appModule: string): string {
  return [
    `In ${appModule}, add the import and list the controller:`,
    `  import { ${className} } from '${importPath}';`,
    `  controllers: [/* ...existing controllers, */ ${className}],`,
  ].join('\n');
}

/** The `controllers: [...]` array literal of the single `createApplication({...})` call, if there is exactly one. */
function findControllersArray(ts: TypeScript, source: TS.SourceFile): TS.ArrayLiteralExpression | string {
  const calls: TS.CallExpression[] = [];
  const visit = (node: TS.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'createApplication') {
      calls.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (calls.length !== 1) return calls.length === 0 ? 'no createApplication(...) call' : 'more than one createApplication(...) call';
  const [options] = calls[0].arguments;
  if (!options || !ts.isObjectLiteralExpression(options)) return 'createApplication is not called with an object literal';
  const property = options.properties.find(
    (p): p is TS.PropertyAssignment =>
      ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === 'controllers',
  );
  if (!property) return 'createApplication({...}) has no `controllers: [...]` property';
  if (!ts.isArrayLiteralExpression(property.initializer)) return '`controllers` is not an array literal';
  return property.initializer;
}

/**
 * Adds `import { <className> } from '<importPath>'` and `<className>` to the `controllers: [...]` array of the
 * `createApplication({...})` call, editing only those two places of the text. Idempotent: a controller already in
 * the array is not added twice, an existing import of the name is reused.
 */
export function registerController(
  ts: TypeScript,
  text: string,
  className: string,
  importPath: string,
  appModule = 'app.ts',
): EditResult {
  const source = ts.createSourceFile('app.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = findControllersArray(ts, source);
  const manual = (reason: string): EditResult => ({
    status: 'manual',
    text,
    reason,
    instructions: registrationInstructions(className, importPath, appModule),
  });
  if (typeof found === 'string') return manual(found);
  const array = found;

  const imported = source.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) &&
      statement.importClause?.namedBindings &&
      ts.isNamedImports(statement.importClause.namedBindings) &&
      statement.importClause.namedBindings.elements.some((element) => element.name.text === className),
  );
  const listed = array.elements.some((element) => ts.isIdentifier(element) && element.text === className);
  if (listed && imported) return { status: 'unchanged', text };
  if (listed && !imported) return manual(`${className} is listed in \`controllers\` but not imported`);

  const edits: TextEdit[] = [];
  if (!imported) {
    const quote = quoteStyle(ts, source);
    const line = `import { ${className} } from ${quote}${importPath}${quote};`;
    const imports = source.statements.filter(ts.isImportDeclaration);
    const lastImport = imports.at(-1);
    edits.push(
      lastImport
        ? { start: lastImport.getEnd(), end: lastImport.getEnd(), text: `\n${line}` }
        : { start: 0, end: 0, text: `${line}\n\n` },
    );
  }
  const elements = array.elements;
  const open = array.getStart(source);
  const close = array.getEnd() - 1;
  edits.push(
    appendToList(text, open, close, elements.at(-1)?.getEnd(), elements[0]?.getStart(source), className),
  );
  return { status: 'edited', text: applyTextEdits(text, edits), added: [className] };
}

/** What an existing app module registers: the `controllers` entries and the import lines that bring them in. */
export interface RegisteredControllers {
  controllers: string[];
  imports: string[];
}

/**
 * Reads the `controllers: [...]` entries of an app module and the import declarations that bind them, so that
 * `init --force` can rewrite the file without dropping the controllers the user registered. Undefined when the
 * file has no recognisable `controllers` array.
 */
export function readRegisteredControllers(ts: TypeScript, text: string): RegisteredControllers | undefined {
  const source = ts.createSourceFile('app.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = findControllersArray(ts, source);
  if (typeof found === 'string') return undefined;
  const controllers = found.elements.map((element) => element.getText(source));
  const names = new Set(found.elements.filter(ts.isIdentifier).map((element) => element.text));
  const imports = source.statements
    .filter(ts.isImportDeclaration)
    .filter((statement) => {
      const bindings = statement.importClause?.namedBindings;
      return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.some((element) => names.has(element.name.text));
    })
    .map((statement) => statement.getText(source));
  return { controllers, imports };
}
