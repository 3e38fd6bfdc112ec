import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSwaggerUiHandler } from '../../runtime/index';

const installed = JSON.parse(readFileSync('node_modules/swagger-ui-dist/package.json', 'utf8')) as { version: string };
const GET = createSwaggerUiHandler({ openApiUrl: '/api/openapi.json', title: 'Posts <API>', swaggerUi: { docExpansion: 'none', persistAuthorization: true } });
const get = (path: string, init?: RequestInit) => GET(new Request(`http://localhost:3000${path}`, init));

const handler = suite('createSwaggerUiHandler');

handler('answers the page at /api-docs, loading local assets and pointing at openApiUrl through the init script', async () => {
  const response = await get('/api-docs');
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'text/html; charset=utf-8');
  const html = await response.text();
  const v = `?v=${installed.version}`;
  for (const asset of ['swagger-ui.css', 'index.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'swagger-initializer.js']) {
    assert.ok(html.includes(`"/api-docs/${asset}${v}"`), asset);
  }
  assert.not.match(html, /https?:\/\//);
  assert.not.match(html, /<script>/);
  assert.match(html, '<title>Posts &lt;API&gt;</title>');
  const init = await (await get('/api-docs/swagger-initializer.js')).text();
  assert.match(init, '"url":"/api/openapi.json"');
  assert.match(init, '"docExpansion":"none"');
  assert.match(init, '"persistAuthorization":true');
  assert.match(init, '"dom_id":"#swagger-ui"');
});

handler('sends a Content-Security-Policy that allows only the page’s own scripts', async () => {
  const csp = (await get('/api-docs')).headers.get('content-security-policy')!;
  assert.is(
    csp,
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
      "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  );
  const absolute = createSwaggerUiHandler({ openApiUrl: 'https://api.example.com/openapi.json' });
  const other = (await absolute(new Request('http://localhost/api-docs'))).headers.get('content-security-policy')!;
  assert.match(other, "connect-src 'self' https://api.example.com;");
});

handler('serves swagger-ui-dist files with their content type, the real bytes, an ETag and a long cache when versioned', async () => {
  const response = await get(`/api-docs/swagger-ui-bundle.js?v=${installed.version}`);
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.is(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  const bytes = new Uint8Array(await response.arrayBuffer());
  assert.equal(bytes.byteLength, readFileSync('node_modules/swagger-ui-dist/swagger-ui-bundle.js').byteLength);
  const etag = response.headers.get('etag')!;
  assert.match(etag, /^"[^"]+"$/);
  const css = await get('/api-docs/swagger-ui.css');
  assert.is(css.headers.get('content-type'), 'text/css; charset=utf-8');
  assert.is(css.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
  assert.is((await get('/api-docs/favicon-32x32.png')).headers.get('content-type'), 'image/png');
  const again = await get('/api-docs/swagger-ui-bundle.js', { headers: { 'if-none-match': etag } });
  assert.is(again.status, 304);
  assert.is(await again.text(), '');
});

handler('answers 404 for every traversal form and for files off the allow-list, in JSON', async () => {
  const paths = [
    '/api-docs/../package.json',
    '/api-docs/..%2fpackage.json',
    '/api-docs/%2e%2e/%2e%2e/package.json',
    '/api-docs/%2e%2e%2f%2e%2e%2fpackage.json',
    '/api-docs/..%5c..%5cpackage.json',
    '/api-docs/..\\..\\package.json',
    '/api-docs/%2fetc%2fpasswd',
    '/api-docs//etc/passwd',
    '/api-docs/swagger-ui.js%00.png',
    '/api-docs/package.json',
    '/api-docs/README.md',
    '/api-docs/does-not-exist.js',
    '/api-docs/nested/swagger-ui.css',
  ];
  for (const path of paths) {
    const response = await get(path);
    assert.is(response.status, 404, path);
    assert.is((await response.json()).statusCode, 404, path);
  }
});

handler('never follows a link out of the swagger-ui-dist folder', async () => {
  const root = mkdtempSync(join(tmpdir(), 'swagger-ui-'));
  const dist = join(root, 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'swagger-ui-bundle.js'), '/* bundle */');
  writeFileSync(join(dist, 'package.json'), '{"version":"9.9.9"}');
  writeFileSync(join(root, 'secret.js'), 'secret');
  symlinkSync(join(root, 'secret.js'), join(dist, 'link.js'));
  const local = createSwaggerUiHandler({ openApiUrl: '/api/openapi.json', distPath: dist });
  assert.is((await local(new Request('http://x/api-docs/swagger-ui-bundle.js'))).status, 200);
  assert.is((await local(new Request('http://x/api-docs/link.js'))).status, 404);
  assert.is((await local(new Request('http://x/api-docs/..%2fsecret.js'))).status, 404);
  assert.match(await (await local(new Request('http://x/api-docs'))).text(), 'swagger-ui.css?v=9.9.9');
});

handler('answers 500 naming swagger-ui-dist and serverExternalPackages when the package cannot be found', async () => {
  const missing = createSwaggerUiHandler({ openApiUrl: '/api/openapi.json', distPath: join(tmpdir(), 'no-such-swagger-ui-dist') });
  const error = console.error;
  console.error = () => {};
  try {
    const response = await missing(new Request('http://x/api-docs'));
    assert.is(response.status, 500);
    assert.equal(await response.json(), {
      success: false,
      statusCode: 500,
      message:
        'Swagger UI is served from the swagger-ui-dist package, which could not be found. Install it (npm install swagger-ui-dist) ' +
        "and list it in next.config: serverExternalPackages: ['swagger-ui-dist'].",
    });
  } finally {
    console.error = error;
  }
});

handler('serves under another mount path and keeps a prefix in front of it', async () => {
  const docs = createSwaggerUiHandler({ openApiUrl: '/api/openapi.json', path: '/docs' });
  assert.match(await (await docs(new Request('http://x/base/docs/'))).text(), '"/base/docs/swagger-ui.css?v=');
  assert.is((await docs(new Request('http://x/base/docs/swagger-ui.css'))).status, 200);
});

handler('rejects missing options with a message that shows the call', () => {
  assert.throws(() => createSwaggerUiHandler({} as never), /createSwaggerUiHandler\(\{ openApiUrl \}\) needs the address/);
});

// Issue 37: several documents (one per API version) with Swagger UI's picker.
handler('urls: the init script lists the documents for the picker (no url), primaryName passes through; the CSP allows their origins', async () => {
  const urls = [
    { url: '/api/openapi.json?version=1', name: 'v1' },
    { url: 'https://docs.example.com/openapi.json?version=2', name: 'v2' },
  ];
  const picker = createSwaggerUiHandler({ urls, swaggerUi: { 'urls.primaryName': 'v2' } });
  const init = await (await picker(new Request('http://localhost/api-docs/swagger-initializer.js'))).text();
  assert.match(init, '"urls":[{"url":"/api/openapi.json?version=1","name":"v1"},{"url":"https://docs.example.com/openapi.json?version=2","name":"v2"}]');
  assert.match(init, '"urls.primaryName":"v2"');
  const settings = JSON.parse(init.match(/var settings = (.*);/)![1]) as Record<string, unknown>;
  assert.is(settings.url, undefined);
  assert.equal(settings.urls, urls);
  const csp = (await picker(new Request('http://localhost/api-docs'))).headers.get('content-security-policy')!;
  assert.match(csp, "connect-src 'self' https://docs.example.com;");
});

handler('urls: refused when empty, when an entry lacks its url or name, or beside openApiUrl', () => {
  const message = "createSwaggerUiHandler({ urls }) takes documents, e.g. [{ url: '/api/openapi.json?version=2', name: 'v2' }], and no openApiUrl.";
  for (const options of [{ urls: [] }, { urls: [{ url: '/a' }] }, { urls: [{ name: 'v1' }] }, { urls: [{ url: '', name: 'a' }] }, { urls: [{ url: '/a', name: 'a' }], openApiUrl: '/b' }]) {
    assert.throws(() => createSwaggerUiHandler(options as never), (error: Error) => error.message === message, JSON.stringify(options));
  }
});

handler.run();
