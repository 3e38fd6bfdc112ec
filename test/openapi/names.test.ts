import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assertNamesKept, documentedName, KEEP_NAMES_SETTING, looksMangled } from '../../runtime/openapi/schemas/names';

const mangled = suite('looksMangled');

mangled('flags the one- and two-character names minifiers produce', () => {
  for (const name of ['p', 'S', 'eS', '$a', '_t', 'a1']) assert.ok(looksMangled(name), name);
});

mangled('accepts ordinary class names', () => {
  for (const name of ['CreatePostDto', 'PostsController', 'Tag', 'IdDto']) assert.not.ok(looksMangled(name), name);
});

mangled.run();

const kept = suite('assertNamesKept');

kept('passes when the library probe class kept its name', () => {
  assertNamesKept();
});

kept('throws a message naming the next.config setting when the probe class was renamed', () => {
  assert.throws(
    () => assertNamesKept('F'),
    (error: Error) =>
      error.message ===
      'generateOpenApiDocument: the library\'s probe class OpenApiNameProbe is named "F", which looks like a name a minifier made up. ' +
        'Next.js minifies server code in production builds and renames classes, so the OpenAPI document would name schemas and ' +
        'operations after the minified names. Add `experimental: { serverMinification: false }` to next.config (on Next.js 16 ' +
        'it turns off server minification for both Turbopack and webpack; on Next.js 15 a Turbopack build also needs ' +
        '`experimental: { turbopackMinify: false }`). If the class really has this name, give it a longer one.',
  );
  assert.is(KEEP_NAMES_SETTING, 'experimental: { serverMinification: false }');
});

kept.run();

const named = suite('documentedName');

named('returns the class name, and throws for an anonymous or minified class', () => {
  class CreatePostDto {}
  assert.is(documentedName(CreatePostDto, 'DTO class'), 'CreatePostDto');
  const anonymous = (() => class {})();
  Object.defineProperty(anonymous, 'name', { value: '' });
  assert.throws(() => documentedName(anonymous, 'DTO class'), /has no name/);
  const minified = class S {};
  assert.throws(() => documentedName(minified, 'controller class'), /a controller class is named "S"/);
});

named.run();
