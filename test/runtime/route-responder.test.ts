import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RouteContext } from '../../runtime/core/context';
import { routeResponder } from '../../runtime/responses/route-responder';
import type { Responder } from '../../runtime/responses/serialize';

const fail = () => new Response(null, { status: 500 });
const context = {} as RouteContext;
const respondWith = (tag: string): Responder => (value, status) => Response.json({ tag, value }, { status: status ?? 200 });

test('routes without @HttpCode or @Produces share one responder per respond function, not one closure each', () => {
  const respond = respondWith('a');
  assert.is(routeResponder({}, respond, fail), routeResponder({}, respond, fail));
  assert.is.not(routeResponder({}, respond, fail), routeResponder({}, respondWith('b'), fail));
  assert.is.not(routeResponder({ httpCode: 201 }, respond, fail), routeResponder({}, respond, fail));
  assert.is.not(routeResponder({ produces: 'text/csv' }, respond, fail), routeResponder({}, respond, fail));
});

test('the shared responder sends values through respond with its default status, and bytes as they are', async () => {
  const send = routeResponder({}, respondWith('a'), fail);
  const json = await send({ id: 1 }, context);
  assert.is(json.status, 200);
  assert.equal(await json.json(), { tag: 'a', value: { id: 1 } });
  const bytes = await send(new Blob(['hi'], { type: 'text/plain' }), context);
  assert.equal([bytes.status, bytes.headers.get('content-type'), bytes.headers.get('content-length'), await bytes.text()], [200, 'text/plain', '2', 'hi']);
});

test('@HttpCode and @Produces still apply', async () => {
  const created = await routeResponder({ httpCode: 201 }, respondWith('a'), fail)({ id: 1 }, context);
  assert.is(created.status, 201);
  const csv = await routeResponder({ produces: 'text/csv' }, respondWith('a'), fail)('a,b', context);
  assert.equal([csv.status, csv.headers.get('content-type'), await csv.text()], [200, 'text/csv', 'a,b']);
});

test.run();
