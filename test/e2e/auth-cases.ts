// Issue 41 on `next start` of the isolated fixture (test/fixtures/isolated-app): the account routes of its app, the
// second app under /api/guarded (secure by default, a small failed-auth limit, CORS, bodies up to 64 MiB) and Better
// Auth's own handler under /api/auth. Registered on each isolated suite (both bundlers, both variants).
import { request as httpRequest } from 'node:http';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JwksServer } from '../support/jwks-server';
import { send, type RunningServer } from './harness';

const MB = 1024 * 1024;

/** What a POST of a large body got: the status, and how much of the body the server had taken by then. */
interface EarlyAnswer {
  status: number;
  body: string;
  sentBeforeAnswer: number;
  total: number;
}

/**
 * POSTs `total` bytes in 64 KiB chunks, stopping as soon as the server answers. Keep-alive, so that the server drains
 * what is still in flight instead of closing the connection under our writes (an EPIPE that can swallow its answer).
 */
function postLarge(port: number, path: string, total: number): Promise<EarlyAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path, agent: false, headers: { 'content-type': 'application/json', 'content-length': total, connection: 'keep-alive' } },
      (res) => {
        answered = true;
        const sentBeforeAnswer = sent;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8'), sentBeforeAnswer, total });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`POST ${path} timed out`)));
    // Writing after the server answered and closed is expected: only an error before any answer is a failure.
    req.on('error', (error) => void (answered || reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 'x');
    chunk.write('{"text":"', 0);
    const pump = () => {
      while (!answered && sent < total) {
        const size = Math.min(chunk.length, total - sent);
        sent += size;
        if (!req.write(size === chunk.length ? chunk : chunk.subarray(0, size))) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

export function authCases(test: Test, running: () => RunningServer, jwks: () => JwksServer): void {
  const bearer = async (claims: Record<string, unknown>, options?: Parameters<JwksServer['sign']>[1]) => ({ authorization: `Bearer ${await jwks().sign(claims, options)}` });

  test('auth on next start: a token for another audience or from another issuer is 401 invalid_token, never the handler', async () => {
    const { port } = running();
    for (const options of [{ audience: 'https://other-api.test' }, { issuer: 'https://other-issuer.test' }]) {
      const response = await send(port, 'GET', '/api/account/me', { headers: await bearer({ sub: 'u1' }, options) });
      assert.is(response.status, 401, `${JSON.stringify(options)}: ${response.text}`);
      assert.match(String(response.headers['www-authenticate']), 'error="invalid_token"');
      assert.is(response.json().message, 'The credential is not valid');
    }
  });

  test('auth on next start: roles (any one) 200 with the role, 403 without; optional: anonymous 200, a bad token still 401', async () => {
    const { port } = running();
    const admin = await send(port, 'GET', '/api/account/admin', { headers: await bearer({ sub: 'u1', roles: ['reader', 'admin'] }) });
    assert.is(admin.status, 200, admin.text);
    assert.equal(admin.json(), { admin: 'u1' });
    const reader = await send(port, 'GET', '/api/account/admin', { headers: await bearer({ sub: 'u1', roles: ['reader'] }) });
    assert.is(reader.status, 403, reader.text);
    assert.match(reader.json().message, 'Needs one of the roles admin');

    const anonymous = await send(port, 'GET', '/api/account/maybe');
    assert.is(anonymous.status, 200, anonymous.text);
    assert.equal(anonymous.json(), { sub: null });
    assert.match(String(anonymous.headers.vary), /authorization/i);
    const known = await send(port, 'GET', '/api/account/maybe', { headers: await bearer({ sub: 'u3' }) });
    assert.equal(known.json(), { sub: 'u3' });
    const bad = await send(port, 'GET', '/api/account/maybe', { headers: { authorization: 'Bearer not-a-jwt' } });
    assert.is(bad.status, 401, bad.text);
  });

  test('auth on next start: an API key: valid 200, unknown 401, absent 401', async () => {
    const { port } = running();
    const valid = await send(port, 'GET', '/api/account/robot', { headers: { 'x-api-key': 'isolated-robot-key' } });
    assert.is(valid.status, 200, valid.text);
    assert.equal(valid.json(), { sub: 'robot' });
    const unknown = await send(port, 'GET', '/api/account/robot', { headers: { 'x-api-key': 'guessed-key' } });
    assert.is(unknown.status, 401, unknown.text);
    assert.is(unknown.json().message, 'The credential is not valid');
    const absent = await send(port, 'GET', '/api/account/robot');
    assert.is(absent.status, 401, absent.text);
    assert.is(absent.json().message, 'Authentication required');
  });

  test('auth on next start: a rate limit counts each principal on its own, though every request comes from one address', async () => {
    const { port } = running();
    const statuses = async (sub: string, times: number) => {
      const headers = await bearer({ sub });
      const seen: number[] = [];
      for (let index = 0; index < times; index += 1) seen.push((await send(port, 'GET', '/api/account/quota', { headers })).status);
      return seen;
    };
    assert.equal(await statuses('quota-a', 3), [200, 200, 429]);
    assert.equal(await statuses('quota-b', 2), [200, 200]);
  });

  test('auth on next start: @Public() under an app default answers without credentials; a route without it needs the default scheme', async () => {
    const { port } = running();
    const open = await send(port, 'GET', '/api/guarded/open');
    assert.is(open.status, 200, open.text);
    assert.equal(open.json(), { open: true });
    const closed = await send(port, 'GET', '/api/guarded/closed');
    assert.is(closed.status, 401, closed.text);
    assert.match(String(closed.headers['www-authenticate']), 'Bearer realm="jwt"');
    const signed = await send(port, 'GET', '/api/guarded/closed', { headers: await bearer({ sub: 'u5' }) });
    assert.is(signed.status, 200, signed.text);
    assert.equal(signed.json(), { sub: 'u5' });
  });

  test('auth on next start: a 50 MB body to a guarded route without credentials is a 401 before the body is read, and the handler never runs', async () => {
    const { port } = running();
    const count = async () => (await send(port, 'GET', '/api/guarded/uploads')).json().uploads as number;
    const before = await count();
    const answer = await postLarge(port, '/api/guarded/uploads', 50 * MB);
    assert.is(answer.status, 401, answer.body);
    assert.is(JSON.parse(answer.body).message, 'Authentication required');
    // Answered while most of the body was still unsent (loopback buffers hold a few MB at most).
    assert.ok(answer.sentBeforeAnswer < 25 * MB, `the server answered after ${answer.sentBeforeAnswer} of ${answer.total} bytes`);
    assert.is(await count(), before);
    // The same route with a token runs its handler: the counter is what proves the refusal above.
    const small = await send(port, 'POST', '/api/guarded/uploads', {
      headers: { 'content-type': 'application/json', ...(await bearer({ sub: 'u6' })) },
      body: JSON.stringify({ text: 'hello' }),
    });
    assert.is(small.status, 200, small.text);
    assert.is(await count(), before + 1);
  });

  test('auth on next start: a CORS preflight asking for Authorization is answered by cors(), not refused by the guard', async () => {
    const { port } = running();
    const preflight = await send(port, 'OPTIONS', '/api/guarded/closed', {
      headers: { origin: 'https://spa.test', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    assert.ok(preflight.status === 204 || preflight.status === 200, `${preflight.status} ${preflight.text}`);
    assert.is(preflight.headers['access-control-allow-origin'], 'https://spa.test');
    assert.match(String(preflight.headers['access-control-allow-headers']).toLowerCase(), 'authorization');
    assert.is(preflight.headers['www-authenticate'], undefined);
    const actual = await send(port, 'GET', '/api/guarded/closed', { headers: { origin: 'https://spa.test', ...(await bearer({ sub: 'u7' })) } });
    assert.is(actual.status, 200, actual.text);
    assert.is(actual.headers['access-control-allow-origin'], 'https://spa.test');
  });

  test("auth on next start: a JWKS that cannot be fetched is a 503 with Retry-After, never a 401", async () => {
    const { port } = running();
    const response = await send(port, 'GET', '/api/guarded/outage', { headers: await bearer({ sub: 'u8' }) });
    assert.is(response.status, 503, response.text);
    assert.ok(response.headers['retry-after'], JSON.stringify(response.headers));
    assert.match(response.json().message, "The keys of outage's issuer could not be fetched");
  });

  // Last of the guarded cases: it blocks this address on the guarded app for a minute.
  test('auth on next start: failed authentications past the limit (3 a minute here) are 429 with Retry-After, even with a valid token', async () => {
    const { port } = running();
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await send(port, 'GET', '/api/guarded/closed', { headers: { authorization: `Bearer forged-${index}` } })).status);
    assert.equal(statuses, [401, 401, 401, 429]);
    const blocked = await send(port, 'GET', '/api/guarded/closed', { headers: await bearer({ sub: 'u9' }) });
    assert.is(blocked.status, 429, blocked.text);
    assert.ok(Number(blocked.headers['retry-after']) > 0);
    // The app beside it keeps its own count.
    assert.is((await send(port, 'GET', '/api/account/me', { headers: await bearer({ sub: 'u9' }) })).status, 200);
  });

  test('Better Auth beside the library: its handler answers /api/auth/*, sign-up and sign-in give a session cookie that an @Auth(session) route accepts', async () => {
    const { port } = running();
    // A server-side call (no Origin, no cookie), as a test client makes it: Better Auth checks the origin of the others.
    const post = (path: string, body: unknown) => send(port, 'POST', path, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const email = `ada-${Date.now()}@example.test`;
    const signUp = await post('/api/auth/sign-up/email', { email, password: 'correct-horse-battery', name: 'Ada' });
    assert.is(signUp.status, 200, signUp.text);
    assert.is(signUp.json().user.email, email);
    const signIn = await post('/api/auth/sign-in/email', { email, password: 'correct-horse-battery' });
    assert.is(signIn.status, 200, signIn.text);
    const cookie = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
    assert.match(cookie, 'better-auth.session_token=');

    const me = await send(port, 'GET', '/api/account/session', { headers: { cookie } });
    assert.is(me.status, 200, me.text);
    assert.equal(me.json(), { email, name: 'Ada' });
    const none = await send(port, 'GET', '/api/account/session');
    assert.is(none.status, 401, none.text);
    assert.is(none.json().message, 'Authentication required');
    const forged = await send(port, 'GET', '/api/account/session', { headers: { cookie: 'better-auth.session_token=forged.value' } });
    assert.is(forged.status, 401, forged.text);

    // Nothing of ours answers under /api/auth: Better Auth's own routes do (its health check, its 404 without our body).
    const ok = await send(port, 'GET', '/api/auth/ok');
    assert.is(ok.status, 200, ok.text);
    assert.equal(ok.json(), { ok: true });
    const unknown = await send(port, 'GET', '/api/auth/no-such-endpoint');
    assert.is(unknown.status, 404);
    assert.not.match(unknown.text, '"statusCode"');
  });
}
