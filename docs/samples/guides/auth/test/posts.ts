import { testAuth } from 'next-app-controllers/testing';
import { app } from '../src/app';
import { jwt, serviceKey } from '../src/lib/schemes';

// #region test-auth
export async function createAsWriter(): Promise<number> {
  const auth = testAuth(app);
  // A token signed with an ephemeral key that jwt's real verification accepts (issuer, audience, expiry, scopes).
  const headers = await auth.headers(jwt, { sub: 'u1', scope: 'posts:write' });
  const created = await app.fetch('/api/posts', { method: 'POST', headers });
  // apiKey and session schemes get stub credentials: the principal is the one you give.
  const removed = await app.fetch('/api/posts/1', { method: 'DELETE', headers: await auth.headers(serviceKey, { id: 'svc', roles: ['service'] }) });
  return created.status + removed.status;
}
// #endregion test-auth
