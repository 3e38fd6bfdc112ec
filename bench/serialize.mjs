// Serialisation of a plain object: the same route with serialisation on (the default, which walks the returned value
// looking for class instances) and with `serialize: false` (JSON.stringify only). A plain object is never handed to
// class-transformer, so the walk is all the default costs.
import * as dist from '../dist/index.mjs';
import { BASE } from './lib/apps.mjs';
import { describeResponse, interleave, loop } from './lib/harness.mjs';

/** What the routes return: one small object, and a page of 20 nested objects (the walk visits every value). */
const VALUES = {
  object: { id: '42', title: 'Pen', price: 2.5, tags: ['office', 'blue'] },
  list: {
    items: Array.from({ length: 20 }, (_, i) => ({ id: String(i), title: `Item ${i}`, price: i / 2, tags: ['a', 'b'], owner: { id: 'u1', name: 'Ada' } })),
    total: 20,
  },
};

export function buildSerializeApp(serialize, lib = dist) {
  class ItemsController {
    object() {
      return VALUES.object;
    }
    list() {
      return VALUES.list;
    }
  }
  lib.Get('/object')(ItemsController.prototype, 'object');
  lib.Get('/list')(ItemsController.prototype, 'list');
  lib.Controller('/items')(ItemsController);
  return lib.createApplication({ controllers: [ItemsController], basePath: BASE, serialize });
}

export async function runSerialize({ rounds = 60, batch = 400 } = {}) {
  const apps = { ours: buildSerializeApp(true), off: buildSerializeApp(false) };
  const cases = [];
  for (const name of Object.keys(VALUES)) {
    const request = new Request(`http://127.0.0.1${BASE}/items/${name}`);
    const [a, b] = [await describeResponse(await apps.ours.handle(request)), await describeResponse(await apps.off.handle(request))];
    if (a !== b || !a.startsWith('200 ')) throw new Error(`serialize ${name}: on answers ${a}, off ${b}`);
    for (const [id, app] of Object.entries(apps)) cases.push({ id: `${name}/${id}`, run: loop((r) => app.handle(r), request) });
  }
  const ns = await interleave(cases, { rounds, batch });
  const rows = Object.keys(VALUES).map((name) => ({
    value: name,
    ours: ns[`${name}/ours`],
    off: ns[`${name}/off`],
    oursPerOff: ns[`${name}/ours`] / ns[`${name}/off`],
  }));
  return { rows };
}
