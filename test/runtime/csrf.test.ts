import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { IsString } from 'class-validator';
import { All, Body, Controller, Form, Post, Put, cors, createApplication, problemDetails, type ApplicationOptions } from '../../runtime/index';

class CsrfNoteForm {
  @IsString() text!: string;
}

class CsrfNoteDto {
  @IsString() text!: string;
}

let ran = 0;

@Controller('/notes')
class NotesController {
  @Post('')
  fromForm(@Form(CsrfNoteForm) form: CsrfNoteForm) {
    ran += 1;
    return { text: form.text };
  }

  @Post('/json')
  fromJson(@Body(CsrfNoteDto) body: CsrfNoteDto) {
    ran += 1;
    return { text: body.text };
  }

  @Post('/like')
  like() {
    ran += 1;
    return { liked: true };
  }

  @Put('/form')
  replace(@Form(CsrfNoteForm) form: CsrfNoteForm) {
    ran += 1;
    return { text: form.text };
  }

  @All('/any')
  any() {
    ran += 1;
    return { ok: true };
  }
}

const APP_HOST = '127.0.0.1:3000';
const EVIL = 'http://127.0.0.1:4000';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const app = (options: Partial<ApplicationOptions> = {}) => createApplication({ controllers: [NotesController], ...options });

/** A request as `next start -H 127.0.0.1` hands it to a route handler: `request.url` says localhost, `Host` the real host. */
function post(path: string, headers: Record<string, string>, body: BodyInit | null = 'text=hi', method = 'POST'): Request {
  return new Request(`http://localhost:3000/api/notes${path}`, { method, headers: { host: APP_HOST, ...headers }, body });
}

const test = suite('csrf');

test.before.each(() => {
  ran = 0;
});

test('a form posted from a page on another origin is refused 403 through the error format, before the handler runs or the body is read', async () => {
  const request = post('', { ...FORM, origin: EVIL });
  const response = await app({ formatError: problemDetails }).handle(request);
  assert.is(response.status, 403);
  assert.is(response.headers.get('content-type'), 'application/problem+json');
  const body = await response.json();
  assert.is(body.detail, `Cross-site POST refused: Origin ${EVIL} is not this app's. List the origins you trust in createApplication({ csrf: { origins } })`);
  assert.is(ran, 0);
  assert.is(request.bodyUsed, false);
});

test("the same form from the app's own page passes: the Origin is compared with the Host header, not request.url (localhost under next start -H 127.0.0.1)", async () => {
  const response = await app().handle(post('', { ...FORM, origin: `http://${APP_HOST}`, 'sec-fetch-site': 'same-origin' }));
  assert.is(response.status, 200);
  assert.equal(await response.json(), { text: 'hi' });
  assert.is(ran, 1);
});

test('text/plain, text/ping, multipart and a body without a type are refused from another origin; JSON is not checked', async () => {
  const handler = app();
  for (const type of ['text/plain;charset=UTF-8', 'text/ping', 'multipart/form-data; boundary=x', undefined]) {
    const headers: Record<string, string> = { origin: EVIL };
    if (type) headers['content-type'] = type;
    const response = await handler.handle(post('/like', headers, type ? 'x' : null));
    assert.is(response.status, 403, String(type));
  }
  const json = await handler.handle(post('/like', { origin: EVIL, 'content-type': 'application/json' }, '{}'));
  assert.is(json.status, 200);
  assert.is(ran, 1);
});

test('Sec-Fetch-Site: cross-site is refused, with or without an Origin; an opaque Origin (null) is refused', async () => {
  const handler = app();
  assert.is((await handler.handle(post('', { ...FORM, 'sec-fetch-site': 'cross-site' }))).status, 403);
  assert.is((await handler.handle(post('', { ...FORM, origin: `http://${APP_HOST}`, 'sec-fetch-site': 'cross-site' }))).status, 403);
  assert.is((await handler.handle(post('', { ...FORM, origin: 'null' }))).status, 403);
  assert.is(ran, 0);
});

test('a POST without Origin or Sec-Fetch-Site (curl, a server, a webhook: no user cookies) passes', async () => {
  const response = await app().handle(post('', FORM));
  assert.is(response.status, 200);
  assert.is(ran, 1);
});

test('csrf.origins allows a listed origin (its cross-site marker too); other origins stay refused', async () => {
  const handler = app({ csrf: { origins: ['HTTP://127.0.0.1:4000'] } });
  assert.is((await handler.handle(post('', { ...FORM, origin: EVIL, 'sec-fetch-site': 'cross-site' }))).status, 200);
  assert.is((await handler.handle(post('', { ...FORM, origin: 'http://127.0.0.1:5000' }))).status, 403);
});

test('X-Forwarded-Host counts as the host only with trustForwardedHost', async () => {
  const behindProxy = { ...FORM, origin: 'https://app.example.com', 'x-forwarded-host': 'app.example.com, proxy.internal' };
  assert.is((await app().handle(post('', behindProxy))).status, 403);
  assert.is((await app({ csrf: { trustForwardedHost: true } }).handle(post('', behindProxy))).status, 200);
});

test('the default port of the scheme in Host matches an Origin without it', async () => {
  const response = await app().handle(post('', { ...FORM, host: 'app.example.com:443', origin: 'https://app.example.com' }));
  assert.is(response.status, 200);
});

test('without a Host header (a Request made in-process) the URL gives the host', async () => {
  const request = new Request('http://localhost/api/notes', { method: 'POST', headers: { ...FORM, origin: 'http://localhost' }, body: 'text=hi' });
  assert.is((await app().handle(request)).status, 200);
});

test('csrf: false turns the check off', async () => {
  assert.is((await app({ csrf: false }).handle(post('', { ...FORM, origin: EVIL }))).status, 200);
});

test('JSON @Body routes are unchanged: a form from another origin is their 415, the handler never runs', async () => {
  const response = await app().handle(post('/json', { ...FORM, origin: EVIL }));
  assert.is(response.status, 415);
  assert.is(ran, 0);
});

test('PUT, PATCH and DELETE are not checked: a browser preflights them, and cors() decides', async () => {
  const response = await app().handle(post('/form', { ...FORM, origin: EVIL }, 'text=hi', 'PUT'));
  assert.is(response.status, 200);
});

test('an @All route is checked for POST only', async () => {
  const handler = app();
  assert.is((await handler.handle(post('/any', { ...FORM, origin: EVIL }))).status, 403);
  assert.is((await handler.handle(new Request('http://localhost/api/notes/any', { headers: { origin: EVIL } }))).status, 200);
});

test('global middleware sees the 403: cors() marks it', async () => {
  const handler = app().use(cors({ origin: EVIL }));
  const response = await handler.handle(post('', { ...FORM, origin: EVIL }));
  assert.is(response.status, 403);
  assert.is(response.headers.get('access-control-allow-origin'), EVIL);
});

test('a csrf option that is not false or { origins } fails the first request with a message saying what to write', async () => {
  const handler = app({ csrf: { origins: 'https://app.example.com' as never } });
  try {
    await handler.handle(post('', FORM));
    assert.unreachable('the request should fail');
  } catch (error) {
    assert.match(String(error), "createApplication({ csrf }) takes false or { origins: ['https://app.example.com'], trustForwardedHost? }.");
  }
});

test.run();
