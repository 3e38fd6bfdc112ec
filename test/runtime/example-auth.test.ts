import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Application } from '../../runtime/index';

// The example's authenticated part (issue 41), in process: required as example-fuzz.test.ts does (a CommonJS package).
const require = createRequire(import.meta.url);
const { app } = require('../../example/src/app.ts') as { app: Application };
const { API_KEY } = require('../../example/src/lib/middleware.ts') as { API_KEY: string };

test('GET /api/reports/summary: 401 with the scheme\'s challenge without a key or with a wrong one, 200 with its principal with the key', async () => {
  const none = await app.fetch('/api/reports/summary');
  assert.is(none.status, 401);
  assert.is(none.headers.get('www-authenticate'), 'ApiKey realm="reportKey", header="X-API-Key"');
  const wrong = await app.fetch('/api/reports/summary', { headers: { 'x-api-key': `${API_KEY}x` } });
  assert.is(wrong.status, 401);
  assert.match(wrong.headers.get('www-authenticate')!, 'error="invalid_token"');
  const right = await app.fetch('/api/reports/summary', { headers: { 'x-api-key': API_KEY } });
  assert.is(right.status, 200);
  assert.is(right.headers.get('cache-control'), 'private');
  assert.equal(await right.json(), { caller: 'reporting-client', generatedAt: '1970-01-01T00:00:00.000Z' });
});

test('the public routes stay public', async () => {
  assert.is((await app.fetch('/api/posts')).status, 200);
  assert.is((await app.fetch('/api/system/health')).status, 200);
  assert.is((await app.fetch('/api/system/whoami')).status, 401);
});

test.run();
