import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { API_KEY, send, startExample, timed, type Bundler, type RawResponse, type RunningServer } from './harness';

const JSON_BODY = { 'content-type': 'application/json' };

function bodyOf(response: RawResponse, status: number, type: RegExp): any {
  assert.is(response.status, status, `status ${response.status}, body: ${response.text.slice(0, 300)}`);
  assert.match(String(response.headers['content-type']), type);
  return response.json();
}

/**
 * The example's build again, started with `EXAMPLE_ERROR_FORMAT` (src/lib/error-format.ts): the same errors in RFC 9457
 * problem details and in the Conduit format, over real HTTP, the malformed path answered by the proxy helper. Each
 * format is a suite of its own, after the example suite has stopped its server (one `next start` at a time).
 */
export function errorFormatCases(bundler: Bundler): void {
  problemDetailsCases(bundler);
  conduitCases(bundler);
}

function formatSuite(bundler: Bundler, format: string) {
  const test = suite(`example app (${bundler}) with EXAMPLE_ERROR_FORMAT=${format}`);
  let running: RunningServer | undefined;
  let setupError: unknown;
  test.before(async () => {
    try {
      running = await timed(`next start with ${format} errors (${bundler})`, () => startExample(30_000, undefined, undefined, { EXAMPLE_ERROR_FORMAT: format }));
    } catch (error) {
      setupError = error;
    }
  });
  test.after(async () => {
    await running?.stop();
  });
  const request = (method: string, path: string, options?: Parameters<typeof send>[3]) => {
    if (setupError || !running) throw new Error(`the example did not start: ${String(setupError).slice(0, 200)}`);
    return send(running.port, method, path, options);
  };
  return { test, request };
}

function problemDetailsCases(bundler: Bundler): void {
  const { test, request } = formatSuite(bundler, 'problem');
  const PROBLEM = /^application\/problem\+json/;

  test('a 422 is problem details with the field errors', async () => {
    const response = await request('POST', '/api/posts', { headers: JSON_BODY, body: JSON.stringify({ title: '', content: 'x' }) });
    assert.equal(bodyOf(response, 422, PROBLEM), {
      type: 'about:blank',
      title: 'Unprocessable Content',
      status: 422,
      detail: 'Validation failed',
      instance: `urn:request-id:${response.headers['x-request-id']}`,
      errors: [{ field: 'title', message: 'title must be longer than or equal to 1 characters', in: 'body' }],
    });
  });

  test('404, 405 (Allow kept), a thrown 401 (WWW-Authenticate kept), 400 JSON and the 500 are problem details', async () => {
    const missing = await request('GET', '/api/nope');
    assert.equal(bodyOf(missing, 404, PROBLEM), {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Cannot GET /api/nope',
      instance: `urn:request-id:${missing.headers['x-request-id']}`,
    });
    const notAllowed = await request('DELETE', '/api/posts');
    assert.is(bodyOf(notAllowed, 405, PROBLEM).title, 'Method Not Allowed');
    assert.is(notAllowed.headers.allow, 'GET, POST, HEAD, OPTIONS');
    const denied = await request('DELETE', '/api/posts/1');
    assert.is(bodyOf(denied, 401, PROBLEM).detail, 'Send the API key in the x-api-key header');
    assert.is(denied.headers['www-authenticate'], 'ApiKey header="x-api-key"');
    assert.is(bodyOf(await request('POST', '/api/posts', { headers: JSON_BODY, body: '{"title":' }), 400, PROBLEM).detail, 'Request body is not valid JSON');
    const failure = await request('GET', '/api/system/fail');
    assert.equal(bodyOf(failure, 500, PROBLEM), { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'Internal Server Error', instance: `urn:request-id:${failure.headers['x-request-id']}` });
  });

  test('global middleware still wraps error answers (x-response-time on a 404)', async () => {
    assert.match(String((await request('GET', '/api/nope')).headers['x-response-time']), /ms$/);
  });

  test('a malformed path: the proxy helper answers problem details, not Next.js plain-text 500', async () => {
    assert.equal(bodyOf(await request('GET', '/api/posts/%E0%A4%A'), 400, PROBLEM), {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'Malformed percent-encoding in path /api/posts/%E0%A4%A',
      instance: '/api/posts/%E0%A4%A',
    });
  });

  test('the OpenAPI document describes errors as application/problem+json', async () => {
    const document = bodyOf(await request('GET', '/api/openapi.json'), 200, /^application\/json/);
    assert.ok(document.components.schemas.ProblemDetails);
    assert.equal(document.components.responses.ValidationFailed.content['application/problem+json'].schema, { $ref: '#/components/schemas/ValidationProblemDetails' });
  });

  test.run();
}

function conduitCases(bundler: Bundler): void {
  const { test, request } = formatSuite(bundler, 'conduit');

  test('the Conduit format: { errors: { body: [...] } } for a 422, a thrown HttpError, a 404 and a malformed path', async () => {
    const invalid = await request('POST', '/api/posts', { headers: JSON_BODY, body: JSON.stringify({ title: 'only a title' }) });
    assert.equal(bodyOf(invalid, 422, /^application\/json/), { errors: { body: ['content must be a string'] } });
    const key = { headers: { 'x-api-key': API_KEY } };
    assert.equal(bodyOf(await request('GET', '/api/orders/999', key), 404, /^application\/json/), { errors: { body: ['Order 999 not found'] } });
    assert.equal(bodyOf(await request('GET', '/api/nope'), 404, /^application\/json/), { errors: { body: ['Cannot GET /api/nope'] } });
    assert.equal(bodyOf(await request('GET', '/api/%zz'), 400, /^application\/json/), { errors: { body: ['Malformed percent-encoding in path /api/%zz'] } });
  });

  test('the OpenAPI document uses the errorSchema the example passes for its format', async () => {
    const document = bodyOf(await request('GET', '/api/openapi.json'), 200, /^application\/json/);
    assert.equal(document.components.schemas.ErrorResponse.required, ['errors']);
  });

  test.run();
}
