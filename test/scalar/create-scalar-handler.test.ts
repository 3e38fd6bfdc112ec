import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createScalarHandler } from '../../runtime/index';
import { captureConsole } from '../runtime/helpers';

const installed = JSON.parse(readFileSync('node_modules/@scalar/api-reference/package.json', 'utf8')) as { version: string };
const bundle = readFileSync('node_modules/@scalar/api-reference/dist/browser/standalone.js');
const GET = createScalarHandler({ openApiUrl: '/api/openapi.json', title: 'Notes <API>', scalar: { theme: 'purple', url: '/not-this.json' } });
/** As Next calls a `[[...file]]` route handler: the segments after the route file's folder, as a promise. */
const get = (path: string, file?: string[], init?: RequestInit) => GET(new Request(`http://localhost:3000${path}`, init), { params: Promise.resolve(file ? { file } : {}) });

const scalar = suite('createScalarHandler');

scalar('answers the page where its route file is mounted, linking its own assets from there, with no option saying where', async () => {
  for (const [path, root] of [
    ['/reference', '/reference'],
    ['/reference/', '/reference'],
    ['/docs/api/v1', '/docs/api/v1'],
    ['/base/path/reference', '/base/path/reference'],
  ]) {
    const response = await get(path);
    assert.is(response.status, 200, path);
    assert.is(response.headers.get('content-type'), 'text/html; charset=utf-8');
    const html = await response.text();
    assert.ok(html.includes(`<script src="${root}/standalone.js?v=${installed.version}"></script>`), path);
    assert.ok(html.includes(`<script src="${root}/scalar-init.js?v=${installed.version}"></script>`), path);
    assert.not.match(html, /https?:\/\//);
    assert.not.match(html, /<script>/);
    assert.match(html, '<title>Notes &lt;API&gt;</title>');
    // Not #api-reference: the bundle mounts an element of that id by itself, without the page's settings.
    assert.match(html, '<div id="app"></div>');
  }
});

scalar("serves @scalar/api-reference's browser bundle byte for byte, cached as immutable when versioned, with an ETag", async () => {
  const response = await get(`/reference/standalone.js?v=${installed.version}`, ['standalone.js']);
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.is(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.ok(Buffer.from(await response.arrayBuffer()).equals(bundle));
  const again = await get('/reference/standalone.js', ['standalone.js'], { headers: { 'if-none-match': response.headers.get('etag')! } });
  assert.is(again.status, 304);
  assert.is(again.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
});

scalar("the init script starts Scalar on the page's OpenAPI URL, its CDN fonts and agent off, the settings passed through", async () => {
  const init = await (await get('/reference/scalar-init.js', ['scalar-init.js'])).text();
  assert.is(
    init,
    `Scalar.createApiReference('#app', {"withDefaultFonts":false,"agent":{"disabled":true},"theme":"purple","url":"/api/openapi.json"});\n`,
  );
});

scalar('sends a Content-Security-Policy that allows only the page’s own scripts and connections', async () => {
  assert.is(
    (await get('/reference')).headers.get('content-security-policy'),
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
      "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  );
  const absolute = createScalarHandler({ openApiUrl: 'https://api.example.com/openapi.json' });
  assert.match((await absolute(new Request('http://localhost/reference'))).headers.get('content-security-policy')!, "connect-src 'self' https://api.example.com;");
});

scalar('serves nothing else: other names, deeper paths and traversal forms are 404', async () => {
  for (const file of [['package.json'], ['index.js'], ['..', 'package.json'], ['dist', 'browser', 'standalone.js'], ['%2e%2e']]) {
    assert.is((await get(`/reference/${file.join('/')}`, file)).status, 404, file.join('/'));
  }
});

scalar('without the params Next passes (a test calling it), a last segment naming one of its files is that file', async () => {
  const response = await GET(new Request('http://localhost/reference/scalar-init.js'));
  assert.is(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.is((await GET(new Request('http://localhost/reference'))).headers.get('content-type'), 'text/html; charset=utf-8');
});

scalar('without @scalar/api-reference the handler answers 500 naming the package and the tracing setting', async () => {
  const missing = createScalarHandler({ openApiUrl: '/api/openapi.json', packagePath: mkdtempSync(join(tmpdir(), 'no-scalar-')) });
  let response: Response | undefined;
  const printed = await captureConsole(async () => {
    response = await missing(new Request('http://localhost/reference'));
  });
  assert.is(response!.status, 500);
  const body = (await response!.json()) as { message: string };
  assert.match(body.message, 'npm install @scalar/api-reference');
  assert.match(body.message, 'outputFileTracingIncludes');
  assert.is(printed.error.length, 1);
});

scalar('createScalarHandler needs openApiUrl, and says so when it is created', () => {
  assert.throws(() => createScalarHandler({} as never), /createScalarHandler\(\{ openApiUrl \}\) needs the address of the OpenAPI JSON/);
});

scalar.run();
