import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { problemDetails, rejectMalformedPath } from '../../runtime/index';
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

reject.run();
