import terser from '@rollup/plugin-terser';
import { rollup } from 'rollup';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MINIFY } from '../../build/minify.mjs';

// The shape of runtime/dispatch/invoker.ts: a factory called from one place returns the closure that is kept for the
// application's life, while its caller holds much more in scope.
const SOURCE = `
function contextOnlyInvoker(method, instance) {
  return (context) => method.call(instance, context);
}
export function invoker(definition, instance, options) {
  const steps = options.steps.map((step) => () => step(definition));
  if (steps.length === 0) return contextOnlyInvoker(instance[definition.name], instance);
  return (context) => steps.map((step) => step(context));
}
`;

async function minified(): Promise<string> {
  const bundle = await rollup({ input: 'source.js', plugins: [{ name: 'source', resolveId: (id) => id, load: () => SOURCE }] });
  const { output } = await bundle.generate({ format: 'es', plugins: [terser(MINIFY)] });
  return output[0].code;
}

/** Names of the functions the code defines and calls on the spot: `(function f(){…})()`, `function f(){…}(…)` in an expression. */
function calledWhereDefined(code: string): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      let callee: ts.Expression = node.expression;
      while (ts.isParenthesizedExpression(callee)) callee = callee.expression;
      if (ts.isFunctionExpression(callee) || ts.isArrowFunction(callee)) names.push((ts.isFunctionExpression(callee) && callee.name?.text) || '(anonymous)');
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('chunk.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS));
  return names;
}

test('the minifier leaves a factory called from one place where it is: its closures do not keep the caller’s scope', async () => {
  const code = await minified();
  assert.equal(calledWhereDefined(code), [], code);
  assert.match(code, /function contextOnlyInvoker\(/);
});

test('the check above sees a factory pasted into its caller (what Terser does with reduce_vars on)', () => {
  assert.equal(calledWhereDefined('export function f(a){return function g(b){return()=>a+b}(a)}'), ['g']);
});

test.run();
