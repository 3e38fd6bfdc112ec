import type * as TS from 'typescript';
import type { EditResult } from './edit-result';
import { appendToList, applyTextEdits, indentationAt, quoteStyle, type TextEdit, type TypeScript } from '../project/typescript';

/**
 * Settings `--swagger` needs in next.config.*. Add another entry here to require one more setting; the patcher and
 * the printed instructions both read this list.
 *
 * - `path`: the property, nested objects included (`['outputFileTracingIncludes', '/api-docs']`).
 * - `array-includes`: the property is an array that must contain `value` (appended if missing).
 * - `equals`: the property must be `value` (added if missing; a different existing value is left for the user).
 */
export interface RequiredNextSetting {
  path: readonly string[];
  kind: 'array-includes' | 'equals';
  /** A JavaScript literal as text, with single quotes; converted to the file's quote style. */
  value: string;
  why: string;
}

export const SWAGGER_NEXT_SETTINGS: readonly RequiredNextSetting[] = [
  {
    path: ['serverExternalPackages'],
    kind: 'array-includes',
    value: "'swagger-ui-dist'",
    why: 'the API docs handler loads swagger-ui-dist at request time; bundled, its static files answer 404',
  },
];

/** The route whose trace must carry swagger-ui-dist's files: the docs route `init --swagger` writes. */
export const DOCS_ROUTE = '/api-docs';

/**
 * swagger-ui-dist's files, for `output: 'standalone'`: the docs handler reads them from disk, which no tracer sees, so
 * the standalone folder had none of them. Written whether or not the app is standalone today (Docker usually comes
 * later); without standalone it only lists files already there. `nodeModules` is where the package is installed,
 * relative to the project: `./node_modules`, or a workspace root's `../../node_modules` where it is hoisted.
 */
export function swaggerTracingSetting(nodeModules: string): RequiredNextSetting {
  return {
    path: ['outputFileTracingIncludes', DOCS_ROUTE],
    kind: 'array-includes',
    value: `'${nodeModules}/swagger-ui-dist/*'`,
    why: "with output: 'standalone', only traced files are copied, and the docs handler reads swagger-ui-dist's files from disk",
  };
}

/**
 * The settings `--swagger` needs. `nodeModules` lists the folders, relative to the project, where swagger-ui-dist may
 * be installed. Nothing keeps class names any more: a minified build reads them back from openapi.json
 * (runtime/openapi/document/recover-names.ts), which the build script `init` writes generates first.
 */
export function swaggerNextSettings(nodeModules: readonly string[] = ['./node_modules']): readonly RequiredNextSetting[] {
  return [...SWAGGER_NEXT_SETTINGS, ...nodeModules.map(swaggerTracingSetting)];
}

/**
 * openapi.json, which a minified production build reads the class names from (runtime/openapi/document/recover-names.ts,
 * by `fs`, which no tracer follows): traced for each route that builds the document (`route`: `/api/openapi.json`, and
 * `/mcp`, whose tools are named after operationIds), so `output: 'standalone'` and serverless functions carry it.
 */
export function committedDocumentTracing(route: string): RequiredNextSetting {
  return {
    path: ['outputFileTracingIncludes', route],
    kind: 'array-includes',
    value: "'./openapi.json'",
    why: "a minified production build reads the class names from openapi.json, and with output: 'standalone' only traced files are copied",
  };
}

/**
 * Scalar's browser bundle and package.json, for `output: 'standalone'`: the Scalar handler reads the bundle from disk
 * (no tracer sees it) and finds the package by its package.json. Scalar's code never runs on the server, so it needs
 * no `serverExternalPackages`.
 */
export function scalarTracingSettings(nodeModules: string): RequiredNextSetting[] {
  return ['package.json', 'dist/browser/standalone.js'].map((file) => ({
    path: ['outputFileTracingIncludes', DOCS_ROUTE],
    kind: 'array-includes',
    value: `'${nodeModules}/@scalar/api-reference/${file}'`,
    why: "with output: 'standalone', only traced files are copied, and the Scalar handler reads its browser bundle from disk",
  }));
}

/** The settings `--docs-ui scalar` needs: Scalar's files traced. */
export function scalarNextSettings(nodeModules: readonly string[] = ['./node_modules']): readonly RequiredNextSetting[] {
  return nodeModules.flatMap(scalarTracingSettings);
}

export const NEXT_CONFIG_FILES = ['next.config.ts', 'next.config.mts', 'next.config.mjs', 'next.config.js', 'next.config.cjs'];


/** Properties still to write, nested: `{ outputFileTracingIncludes: { '/api-docs': "['./node_modules/swagger-ui-dist/*']" } }`. */
type PendingProperties = Map<string, string | PendingProperties>;

/**
 * Records the rest of a setting's path, from `from` on, so settings under one new parent share it. Two list entries
 * for one new property share its array.
 */
function addPending(pending: PendingProperties, setting: RequiredNextSetting, from: number, literal: (value: string) => string): void {
  let level = pending;
  for (const key of setting.path.slice(from, -1)) {
    let next = level.get(key);
    if (typeof next !== 'object') level.set(key, (next = new Map()));
    level = next;
  }
  const key = setting.path.at(-1)!;
  const earlier = level.get(key);
  if (setting.kind === 'array-includes') {
    const list = typeof earlier === 'string' && earlier.startsWith('[') ? `${earlier.slice(0, -1)}, ` : '[';
    level.set(key, `${list}${literal(setting.value)}]`);
  } else {
    level.set(key, literal(setting.value));
  }
}

/** A property name as written: bare when it is an identifier, quoted otherwise (`'/api-docs'`). */
function propertyKey(key: string, quote: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : `${quote}${key}${quote}`;
}

/** One `key: value` text per entry: `outputFileTracingIncludes: { '/api-docs': ['./node_modules/swagger-ui-dist/*'] }`. */
function renderPending(pending: PendingProperties, quote = "'"): string[] {
  return [...pending].map(
    ([key, value]) => `${propertyKey(key, quote)}: ${typeof value === 'string' ? value : `{ ${renderPending(value, quote).join(', ')} }`}`,
  );
}

export function nextConfigInstructions(file: string, settings: readonly RequiredNextSetting[]): string {
  const pending: PendingProperties = new Map();
  for (const setting of settings) addPending(pending, setting, 0, (value) => value);
  return [`In ${file}, add to the exported config object (merge into existing arrays and objects):`, ...renderPending(pending).map((line) => `  ${line},`)].join(
    '\n',
  );
}

function unwrap(ts: TypeScript, node: TS.Expression): TS.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isTypeAssertionExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** The exported config: `export default X` or `module.exports = X`, followed through a `const X = {...}`. */
function findConfigObject(ts: TypeScript, source: TS.SourceFile): TS.ObjectLiteralExpression | string {
  let exported: TS.Expression | undefined;
  for (const statement of source.statements) {
    if (ts.isExportAssignment(statement)) exported = statement.expression;
    if (
      ts.isExpressionStatement(statement) &&
      ts.isBinaryExpression(statement.expression) &&
      statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      statement.expression.left.getText(source) === 'module.exports'
    ) {
      exported = statement.expression.right;
    }
  }
  if (!exported) return 'no `export default` or `module.exports =`';
  let expression = unwrap(ts, exported);
  if (ts.isIdentifier(expression)) {
    const name = expression.text;
    const declaration = source.statements
      .filter(ts.isVariableStatement)
      .flatMap((statement) => [...statement.declarationList.declarations])
      .find((d) => ts.isIdentifier(d.name) && d.name.text === name);
    if (!declaration?.initializer) return `\`${name}\` is not a variable initialised in this file`;
    expression = unwrap(ts, declaration.initializer);
  }
  if (!ts.isObjectLiteralExpression(expression)) {
    return 'the exported config is not an object literal (for example it is wrapped in a plugin function)';
  }
  return expression;
}

function propertyNamed(ts: TypeScript, object: TS.ObjectLiteralExpression, key: string): TS.ObjectLiteralElementLike | undefined {
  return object.properties.find(
    (p) => p.name !== undefined && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === key,
  );
}

/**
 * Adds the required settings to the config object of a next.config.* file through its syntax tree, editing only the
 * inserted text. Unrecognisable shapes return `manual` with the lines to add by hand; the text is left as it is.
 */
export function patchNextConfig(
  ts: TypeScript,
  text: string,
  file: string,
  settings: readonly RequiredNextSetting[] = SWAGGER_NEXT_SETTINGS,
): EditResult {
  const kind = file.endsWith('ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const manual = (reason: string): EditResult => ({
    status: 'manual',
    text,
    reason,
    instructions: nextConfigInstructions(file, settings),
  });
  const root = findConfigObject(ts, source);
  if (typeof root === 'string') return manual(root);
  const quote = quoteStyle(ts, source);
  const literal = (value: string): string => (quote === '"' ? value.replace(/'/g, '"') : value);

  const edits: TextEdit[] = [];
  /** New properties per object, inserted together so their order is kept. */
  const newProperties = new Map<TS.ObjectLiteralExpression, PendingProperties>();
  const appends = new Map<TS.ArrayLiteralExpression, string[]>();
  const added: string[] = [];
  for (const setting of settings) {
    let object = root;
    const name = setting.path.join('.');
    for (let depth = 0; depth < setting.path.length; depth += 1) {
      const key = setting.path[depth];
      const property = propertyNamed(ts, object, key);
      if (!property) {
        if (!newProperties.has(object)) newProperties.set(object, new Map());
        addPending(newProperties.get(object)!, setting, depth, literal);
        added.push(name);
        break;
      }
      if (!ts.isPropertyAssignment(property)) return manual(`\`${name}\` is not a plain property`);
      const initializer = unwrap(ts, property.initializer);
      if (depth < setting.path.length - 1) {
        if (!ts.isObjectLiteralExpression(initializer)) return manual(`\`${setting.path.slice(0, depth + 1).join('.')}\` is not an object literal`);
        object = initializer;
        continue;
      }
      if (setting.kind === 'equals') {
        if (initializer.getText(source).replace(/"/g, "'") !== setting.value) {
          return manual(`\`${name}\` is set to ${initializer.getText(source)}, and ${setting.why}`);
        }
        break;
      }
      if (!ts.isArrayLiteralExpression(initializer)) return manual(`\`${name}\` is not an array literal`);
      const wanted = setting.value.slice(1, -1);
      if (initializer.elements.some((e) => ts.isStringLiteralLike(e) && e.text === wanted)) break;
      if (!appends.has(initializer)) appends.set(initializer, []);
      appends.get(initializer)!.push(literal(setting.value));
      added.push(name);
    }
  }
  // Entries for one existing array go in one edit, so two of them cannot land on the same spot.
  for (const [array, items] of appends) {
    const elements = array.elements;
    edits.push(
      appendToList(text, array.getStart(source), array.getEnd() - 1, elements.at(-1)?.getEnd(), elements[0]?.getStart(source), items.join(', ')),
    );
  }
  for (const [object, pending] of newProperties) {
    const properties = renderPending(pending, quote);
    const open = object.getStart(source);
    const close = object.getEnd() - 1;
    if (object.properties.length === 0) {
      const indent = indentationAt(text, open);
      edits.push({ start: open + 1, end: close, text: `\n${properties.map((p) => `${indent}  ${p},\n`).join('')}${indent}` });
      continue;
    }
    const last = object.properties.at(-1)!.getEnd();
    const first = object.properties[0].getStart(source);
    const pieces = properties.map((p) => appendToList(text, open, close, last, first, p));
    edits.push({ ...pieces[0], text: pieces.map((piece) => piece.text).join('') });
  }
  if (edits.length === 0) return { status: 'unchanged', text };
  return { status: 'edited', text: applyTextEdits(text, edits), added };
}
