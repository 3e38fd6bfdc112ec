import type { TypeScript } from '../project/typescript';

/** A route that writes, as `generate actions` finds it in a controller module. */
export interface WritingRoute {
  className: string;
  method: string;
  verb: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The controller's prefix joined with the route's path: `/tasks/:id`. */
  path: string;
}

const VERBS = { Post: 'POST', Put: 'PUT', Patch: 'PATCH', Delete: 'DELETE' } as const;

/**
 * The exported controllers' routes that write (`@Post`, `@Put`, `@Patch`, `@Delete`), in declaration order, read from
 * the module's syntax with the project's TypeScript (nothing of it runs). A decorator is known by its name as written.
 */
export function writingRoutes(ts: TypeScript, source: string, fileName: string): WritingRoute[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const routes: WritingRoute[] = [];
  const call = (decorator: import('typescript').Decorator) => {
    const expression = decorator.expression;
    if (!ts.isCallExpression(expression) || !ts.isIdentifier(expression.expression)) return undefined;
    const first = expression.arguments[0];
    return { name: expression.expression.text, path: first && ts.isStringLiteralLike(first) ? first.text : '' };
  };
  for (const statement of file.statements) {
    if (!ts.isClassDeclaration(statement) || !statement.name) continue;
    if (!ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const controller = ts.getDecorators(statement)?.map(call).find((found) => found?.name === 'Controller');
    if (!controller) continue;
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue;
      for (const decorator of ts.getDecorators(member) ?? []) {
        const found = call(decorator);
        if (!found || !(found.name in VERBS)) continue;
        routes.push({ className: statement.name.text, method: member.name.text, verb: VERBS[found.name as keyof typeof VERBS], path: joinPath(controller.path, found.path) });
      }
    }
  }
  return routes;
}

function joinPath(prefix: string, path: string): string {
  const joined = `/${[prefix, path].flatMap((part) => part.split('/')).filter(Boolean).join('/')}`;
  return joined;
}

// Words a `const` cannot be named, and the names the module itself imports.
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await action app'.split(' '),
);

/**
 * Each route's export name: the method's (`create`), unless it is taken (a word a `const` cannot be, an imported name,
 * or an earlier route's): then the method and the feature's singular (`deleteTask`), then numbered.
 */
export function exportNames(routes: readonly WritingRoute[], singular: string): string[] {
  const taken = new Set([...RESERVED, ...routes.map((route) => route.className)]);
  return routes.map(({ method }) => {
    let name = method;
    if (taken.has(name)) name = `${method}${singular}`;
    for (let n = 2; taken.has(name); n++) name = `${method}${singular}${n}`;
    taken.add(name);
    return name;
  });
}
