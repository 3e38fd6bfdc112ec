import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Delete, Get, HttpCode, Post, Put, createApplication } from '../../runtime/index';
import { createDocumentGenerator } from '../../runtime/openapi/index';

// Issue 44, item 11: a route whose handler returns nothing answers 204; its operation documents 204 without content.

const items: string[] = [];

@Controller('/things')
class ThingsController {
  @Delete('/plain')
  plain() {
    items.pop();
  }

  @Delete('/annotated')
  annotated(): void {
    items.pop();
  }

  @Delete('/async')
  async later(): Promise<void> {
    await Promise.resolve();
  }

  @Delete('/early')
  early() {
    if (items.length === 0) return;
    items.pop();
  }

  @Get('/value')
  value() {
    return { count: items.length };
  }

  @Get('/async-value')
  async asyncValue() {
    return { count: items.length };
  }

  @Get('/typed')
  typed(): string {
    return 'ok';
  }

  // A nested function's `return` is not the method's, but the document cannot tell: 200, the safe side.
  @Put('/nested')
  nested() {
    items.forEach((item) => {
      return item;
    });
  }

  // Declared: @HttpCode wins, as the runtime documents it.
  @Post('/declared')
  @HttpCode(202)
  declared() {}
}

const app = createApplication({ controllers: [ThingsController], basePath: '/api' });
const generate = createDocumentGenerator();
const document = () => generate({ title: 'Things', applications: [app] });

const test = suite('a handler that returns nothing');

const CASES: [method: 'get' | 'put' | 'post' | 'delete', path: string, documented: string][] = [
  ['delete', '/plain', '204'],
  ['delete', '/annotated', '204'],
  ['delete', '/async', '204'],
  ['delete', '/early', '204'],
  ['get', '/value', '200'],
  ['get', '/async-value', '200'],
  ['get', '/typed', '200'],
  ['put', '/nested', '200'],
  ['post', '/declared', '202'],
];

test('is documented 204 without content; a handler that may return a value stays 200; @HttpCode is kept', async () => {
  const doc = await document();
  for (const [method, path, documented] of CASES) {
    const responses = doc.paths[`/api/things${path}`][method]!.responses;
    const success = Object.keys(responses).filter((status) => status.startsWith('2'));
    assert.equal(success, [documented], `${method} ${path}`);
    if (documented === '204') assert.equal(responses['204'], { description: 'No Content' });
  }
});

test('the documented 204s are what the runtime answers', async () => {
  const doc = await document();
  for (const [method, path, documented] of CASES) {
    if (documented !== '204') continue;
    const response = await app.fetch(new Request(`http://localhost/api/things${path}`, { method: method.toUpperCase() }));
    assert.is(String(response.status), documented, `${method} ${path}`);
    assert.is(await response.text(), '');
    assert.ok(doc.paths[`/api/things${path}`][method]!.responses['204']);
  }
});

test.run();
