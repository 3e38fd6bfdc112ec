// Preloaded by every test script (`node --import tsx --import ./test/support/uvu-hooks.mjs node_modules/uvu/bin.js`):
// test files that import `uvu` get ./uvu-checked.mjs instead, which fails a suite whose `before` hook throws.
// uvu 0.5.6 returns from a `finally` around its hooks, so such an error vanished and the run exited 0.
import { register } from 'node:module';

register('./uvu-resolve.mjs', import.meta.url);
