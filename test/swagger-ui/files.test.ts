import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CONTENT_TYPES, parseDocsPath } from '../../runtime/swagger-ui/files';

const parse = suite('parseDocsPath');

parse('answers the page for the mount path, with or without a trailing slash or index.html', () => {
  for (const path of ['/api-docs', '/api-docs/', '/api-docs/index.html']) {
    assert.equal(parseDocsPath(path, '/api-docs'), { kind: 'page', root: '/api-docs' }, path);
  }
});

parse('keeps a prefix in front of the mount (a Next.js basePath) in the root', () => {
  assert.equal(parseDocsPath('/app/api-docs', '/api-docs'), { kind: 'page', root: '/app/api-docs' });
  assert.equal(parseDocsPath('/app/api-docs/swagger-ui.css', '/api-docs'), {
    kind: 'file',
    root: '/app/api-docs',
    name: 'swagger-ui.css',
    contentType: 'text/css; charset=utf-8',
  });
});

parse('names one file with the content type of its extension', () => {
  const cases: [string, string][] = [
    ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
    ['swagger-ui.css', 'text/css; charset=utf-8'],
    ['swagger-ui.css.map', 'application/json; charset=utf-8'],
    ['favicon-32x32.png', 'image/png'],
    ['oauth2-redirect.html', 'text/html; charset=utf-8'],
  ];
  for (const [name, type] of cases) {
    assert.equal(parseDocsPath(`/api-docs/${name}`, '/api-docs'), { kind: 'file', root: '/api-docs', name, contentType: type });
  }
});

parse('refuses every traversal form and anything off the allow-list', () => {
  const refused = [
    '/api-docs/..',
    '/api-docs/../package.json',
    '/api-docs/..%2fpackage.json',
    '/api-docs/%2e%2e/package.json',
    '/api-docs/%2e%2e%2fpackage.json',
    '/api-docs/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
    '/api-docs/..%5cpackage.json',
    '/api-docs/..\\package.json',
    '/api-docs/\\etc\\passwd',
    '/api-docs//etc/passwd.js',
    '/api-docs/%2fetc%2fpasswd',
    '/api-docs/swagger-ui.js%00.png',
    '/api-docs/a\u0000.js',
    '/api-docs/nested/swagger-ui.css',
    '/api-docs/.hidden.js',
    '/api-docs/a..js',
    '/api-docs/package.json',
    '/api-docs/README.md',
    '/api-docs/LICENSE',
    '/api-docs/swagger-ui',
    '/api-docs/C:%5cwindows.js',
    '/elsewhere/swagger-ui.css',
    '/api-docsx',
  ];
  for (const path of refused) assert.equal(parseDocsPath(path, '/api-docs'), { kind: 'not-found' }, path);
});

parse('lists only the extensions swagger-ui-dist needs', () => {
  assert.equal(Object.keys(CONTENT_TYPES).sort(), ['.css', '.html', '.js', '.map', '.png']);
});

parse.run();
