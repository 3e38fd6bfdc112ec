import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { documentedName, isPlaceholder, looksMangled, minifiedProbe } from '../../runtime/openapi/schemas/names';

const mangled = suite('looksMangled');

mangled('flags the one- and two-character names minifiers produce', () => {
  for (const name of ['p', 'S', 'eS', '$a', '_t', 'a1']) assert.ok(looksMangled(name), name);
});

mangled('accepts ordinary class names', () => {
  for (const name of ['CreatePostDto', 'PostsController', 'Tag', 'IdDto']) assert.not.ok(looksMangled(name), name);
});

mangled.run();

const named = suite('documentedName');

named('returns the class name, and throws for an anonymous or minified class', () => {
  class CreatePostDto {}
  assert.is(documentedName(CreatePostDto, 'DTO class'), 'CreatePostDto');
  const anonymous = (() => class {})();
  Object.defineProperty(anonymous, 'name', { value: '' });
  assert.throws(() => documentedName(anonymous, 'DTO class'), /has no name/);
  const minified = class S {};
  assert.throws(() => documentedName(minified, 'controller class'), /a controller class is named "S", which looks like a name a minifier made up, but the library's own classes kept their names/);
});

named('gives no placeholder where the library kept its own class names (this test process, a dev server, the CLI)', () => {
  assert.not.ok(minifiedProbe());
  assert.ok(minifiedProbe('X'));
  class PostDto {}
  assert.not.ok(isPlaceholder(documentedName(PostDto, 'DTO class')));
});

named.run();
