import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { timingSafeEqual } from '../../runtime/proxy';

test('timingSafeEqual: equal strings only, whatever their lengths and characters', () => {
  assert.is(timingSafeEqual('k_live_123', 'k_live_123'), true);
  assert.is(timingSafeEqual('', ''), true);
  assert.is(timingSafeEqual('clé-ü', 'clé-ü'), true);
  for (const [given, expected] of [
    ['k_live_124', 'k_live_123'],
    ['k_live_12', 'k_live_123'],
    ['k_live_1234', 'k_live_123'],
    ['', 'k'],
    ['k', ''],
    ['cle-u', 'clé-ü'],
    // A longer key whose first bytes match: the length alone refuses it.
    ['k_live_123\u0000', 'k_live_123'],
  ]) {
    assert.is(timingSafeEqual(given, expected), false, `${JSON.stringify(given)} vs ${JSON.stringify(expected)}`);
  }
});

test('timingSafeEqual reads every byte of the expected key whatever the first mismatch (no early return)', () => {
  // Counting reads of the expected bytes through a Proxy is not possible on a Uint8Array from TextEncoder; instead the
  // function's source must not return inside its loop.
  assert.not.match(timingSafeEqual.toString().replace(/\s+/g, ' '), /for \([^)]*\) \{?[^}]*return/);
});

test.run();
