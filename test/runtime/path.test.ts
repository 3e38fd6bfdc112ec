import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { splitRequestPath } from '../../runtime/core/request-path';

/** The obviously right reading: drop one trailing slash, split the rest, decode each segment. */
function reference(pathname: string): string[] | null {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (trimmed.length <= 1) return [];
  try {
    return trimmed.slice(1).split('/').map((segment) => (segment.includes('%') ? decodeURIComponent(segment) : segment));
  } catch {
    return null;
  }
}

const split = suite('splitRequestPath');

split('reads every path as split and decodeURIComponent do', () => {
  const pathname = fc.array(fc.constantFrom('/', 'a', 'bc', '%2F', '%', '%zz', '%C3%A9', '.', ':'), { maxLength: 12 }).map((parts) => `/${parts.join('')}`);
  fc.assert(fc.property(pathname, (path) => assert.equal(splitRequestPath(path), reference(path))), { numRuns: 5000 });
});

split('keeps empty segments and ignores one trailing slash', () => {
  assert.equal(splitRequestPath('/'), []);
  assert.equal(splitRequestPath('/api/c19/7/items/9'), ['api', 'c19', '7', 'items', '9']);
  assert.equal(splitRequestPath('/a//b/'), ['a', '', 'b']);
  assert.equal(splitRequestPath('/a%2Fb/c'), ['a/b', 'c']);
  assert.is(splitRequestPath('/a/%E0%A4%A'), null);
});

split.run();
