import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Auth, Controller, createApplication, Get, Principal, session } from '../../runtime/index';

// A session scheme is tried when its cookie is there, also under the names providers give it over HTTPS
// (`__Secure-`, `__Host-`) and when they split a large session into chunks (`.0`, `.1`…): the provider samples of the
// Authentication guide (Better Auth, Auth.js, Supabase) name the plain cookie.
const test = suite('auth: session cookie names');

const seen: string[] = [];
const scheme = session({
  name: 'session',
  cookie: 'authjs.session-token',
  resolve: (request) => {
    seen.push(request.headers.get('cookie') ?? '');
    return { id: 'u1' };
  },
});

@Controller('/me')
class MeController {
  @Get('')
  @Auth(scheme)
  me(@Principal() who: { id: string }) {
    return { id: who.id };
  }
}

const app = createApplication({ controllers: [MeController], auth: { schemes: [scheme] } });
const get = (cookie: string) => app.fetch('/api/me', { headers: { cookie } });

for (const cookie of ['authjs.session-token=a', '__Secure-authjs.session-token=a', '__Host-authjs.session-token=a', 'authjs.session-token.0=a; authjs.session-token.1=b', '__Secure-authjs.session-token.0=a']) {
  test(`tried with ${cookie}`, async () => {
    const response = await get(`theme=dark; ${cookie}`);
    assert.is(response.status, 200);
    assert.equal(await response.json(), { id: 'u1' });
  });
}

for (const cookie of ['authjs.session-token.1=b', 'other-authjs.session-token=a', 'authjs.session-token-x=a', '__Insecure-authjs.session-token=a']) {
  test(`not tried with ${cookie}: 401 without calling resolve`, async () => {
    seen.length = 0;
    const response = await get(cookie);
    assert.is(response.status, 401);
    assert.is(seen.length, 0);
  });
}

test.run();
