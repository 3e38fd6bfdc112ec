import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cors, createApplication, problemDetails, rejectMalformedPath, type CorsOptions } from '../../runtime/index';
import { jsonOf } from './helpers';

/** A request whose body stream counts every read: the proxy must never read one. */
function requestWithWatchedBody(url: string) {
  let pulls = 0;
  const body = new ReadableStream({
    pull(controller) {
      pulls++;
      controller.enqueue(new TextEncoder().encode('{"a":1}'));
      controller.close();
    },
  }, { highWaterMark: 0 });
  const request = new Request(url, { method: 'POST', body, duplex: 'half' } as RequestInit);
  return { request, pulls: () => pulls };
}

const reject = suite('rejectMalformedPath');

reject('answers a malformed percent-encoding with the default 400 body', async () => {
  const response = await rejectMalformedPath(new Request('http://x/api/posts/%E0%A4%A?q=1'));
  assert.is(response?.status, 400);
  assert.is(response?.headers.get('content-type'), 'application/json');
  assert.equal(await jsonOf(response!), { success: false, statusCode: 400, message: 'Malformed percent-encoding in path /api/posts/%E0%A4%A' });
});

reject('lets every other request through (undefined), encoded paths included', async () => {
  for (const path of ['/api/posts', '/api/posts/a%20b', '/api/caf%C3%A9', '/api/a%2Fb', '/']) {
    assert.is(await rejectMalformedPath(new Request(`http://x${path}`)), undefined, path);
  }
});

reject("answers in the app's format when given its formatError", async () => {
  const problem = await rejectMalformedPath(new Request('http://x/api/%zz'), { formatError: problemDetails });
  assert.is(problem?.headers.get('content-type'), 'application/problem+json');
  assert.equal(await jsonOf(problem!), { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Malformed percent-encoding in path /api/%zz', instance: '/api/%zz' });
  const conduit = await rejectMalformedPath(new Request('http://x/api/%zz'), { formatError: (error) => ({ errors: { body: [error.message] } }) });
  assert.equal(await jsonOf(conduit!), { errors: { body: ['Malformed percent-encoding in path /api/%zz'] } });
});

reject('never reads the request body, whether it answers or lets the request through', async () => {
  for (const path of ['/api/%E0%A4%A', '/api/posts']) {
    const { request, pulls } = requestWithWatchedBody(`http://x${path}`);
    await rejectMalformedPath(request);
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.is(request.bodyUsed, false, path);
    assert.is(pulls(), 0, path);
  }
});

const corsOptions: CorsOptions = { origin: ['https://app.example'], credentials: true, exposeHeaders: ['x-total'] };
const corsHeaders = (response: Response | undefined) =>
  Object.fromEntries([...(response?.headers ?? [])].filter(([name]) => name.startsWith('access-control-') || name === 'vary'));

reject("with the app's cors options, the 400 carries the CORS headers the app's global cors gives its own 400", async () => {
  const app = createApplication({ controllers: [], basePath: '/api' }).use(cors(corsOptions));
  for (const origin of ['https://app.example', 'https://elsewhere.example']) {
    const init = { headers: { origin } };
    const fromProxy = await rejectMalformedPath(new Request('http://x/api/posts/%E0%A4%A', init), { cors: corsOptions });
    const fromApp = await app.handle(new Request('http://x/api/posts/%E0%A4%A', init));
    assert.is(fromProxy?.status, 400);
    assert.equal(corsHeaders(fromProxy), corsHeaders(fromApp), origin);
  }
  const allowed = await rejectMalformedPath(new Request('http://x/api/%zz', { headers: { origin: 'https://app.example' } }), { cors: corsOptions });
  assert.equal(corsHeaders(allowed), {
    'access-control-allow-credentials': 'true',
    'access-control-allow-origin': 'https://app.example',
    'access-control-expose-headers': 'x-total',
    vary: 'Origin',
  });
  const preflight = { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } };
  const proxied = await rejectMalformedPath(new Request('http://x/api/%zz', preflight), { cors: corsOptions });
  const answered = await app.handle(new Request('http://x/api/%zz', preflight));
  assert.is(proxied?.status, answered.status);
  assert.equal(corsHeaders(proxied), corsHeaders(answered));
  assert.is(await rejectMalformedPath(new Request('http://x/api/posts', { headers: { origin: 'https://app.example' } }), { cors: corsOptions }), undefined);
});

reject('checks the cors options on the first call, whatever the path', async () => {
  const bad = { origin: '*', credentials: true } as CorsOptions;
  let thrown: unknown;
  try {
    await rejectMalformedPath(new Request('http://x/api/posts'), { cors: bad });
  } catch (error) {
    thrown = error;
  }
  assert.match(String(thrown), /credentials/);
  thrown = undefined;
  try {
    await rejectMalformedPath(new Request('http://x/api/posts'), { cors: cors() as unknown as CorsOptions });
  } catch (error) {
    thrown = error;
  }
  assert.match(String(thrown), /takes the options given to cors/);
});

reject.run();
