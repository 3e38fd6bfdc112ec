import { Exclude, Expose, Transform, Type, instanceToPlain } from 'class-transformer';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, Get, createApplication } from '../../runtime/index';
import { loadSentAsIs } from '../../runtime/responses/plain-instances';
import { jsonOf, request } from './helpers';

// Classes a handler may return: without class-transformer rules (the copy can be skipped), with rules on the class
// or on an ancestor (it cannot), and shapes instanceToPlain treats apart from JSON.stringify.
class Plain {
  constructor(public a: unknown, public b: unknown) {}
}
class PlainChild extends Plain {
  get computed(): string {
    return 'prototype getters are neither copied nor stringified';
  }
}
class Hidden {
  constructor(public a: unknown) {}
  @Exclude() secret = 'never sent';
}
class HiddenChild extends Hidden {}
class Shouting {
  @Transform(({ value }) => String(value).toUpperCase()) word = 'quiet';
}
class Typed {
  @Type(() => Plain) inner: unknown = new Plain(1, 2);
}
@Exclude()
class ExposedOnly {
  @Expose() shown = 1;
  hidden = 2;
}
class WithToJson {
  constructor(public cents: number) {}
  toJSON(): string {
    return `${this.cents} cents`;
  }
}

const leaf = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.date({ noInvalidDate: true }));
const special = fc.oneof(
  fc.constant(() => 'called by instanceToPlain'),
  fc.constant(new Map([['k', 1]])),
  fc.constant(new Set([1, 2])),
  fc.constant(new WithToJson(250)),
  fc.constant(new Shouting()),
  fc.constant(new ExposedOnly()),
  fc.constant(new Typed()),
  fc.constant(new Hidden('h')),
  fc.constant(new HiddenChild('c')),
  fc.constant(new Uint8Array([1, 2])),
  fc.constant(new String('boxed')),
  // eslint-disable-next-line no-sparse-arrays
  fc.constant([1, , 3]),
  fc.constant({ constructor: 'own key' }),
  fc.constant(JSON.parse('{"__proto__": {"x": 1}, "y": 2}')),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('object'), tie('array'), tie('instance'), special),
  object: fc.dictionary(fc.constantFrom('id', 'name', 'items', 'owner', 'meta'), tie('value'), { maxKeys: 4 }),
  array: fc.array(tie('value'), { maxLength: 4 }),
  instance: fc.tuple(fc.boolean(), tie('value'), tie('value')).map(([child, a, b]) => (child ? new PlainChild(a, b) : new Plain(a, b))),
}));

const property = suite('sending without instanceToPlain');

property('whatever the value, skipping the copy sends exactly the JSON instanceToPlain would make', async () => {
  const sentAsIs = await loadSentAsIs();
  let skipped = 0;
  let copied = 0;
  fc.assert(
    fc.property(value, (v) => {
      if (typeof v !== 'object' || v === null || !sentAsIs(v)) {
        copied += 1;
        return;
      }
      skipped += 1;
      assert.is(JSON.stringify(v), JSON.stringify(instanceToPlain(v)));
    }),
    { numRuns: 3000 },
  );
  // The property is only worth something when both sides are taken often.
  assert.ok(skipped > 300, `skipped ${skipped}`);
  assert.ok(copied > 300, `copied ${copied}`);
});

property('classes with rules, their subclasses, built-ins and own functions are always copied', async () => {
  const sentAsIs = await loadSentAsIs();
  for (const held of [new Hidden(1), new HiddenChild(1), new Shouting(), new Typed(), new ExposedOnly(), new Map(), new Set(), new WithToJson(1), () => 1, new String('x'), [1, , 3], { constructor: 1 }, JSON.parse('{"__proto__": 1}')]) {
    assert.is(sentAsIs({ held }), false, String(held?.constructor?.name ?? held));
  }
  assert.is(sentAsIs(new PlainChild({ at: new Date(0) }, [new Plain(null, undefined)])), true);
});

property.run();

@Controller('/shapes')
class ShapesController {
  @Get('/plain')
  plain() {
    return { list: [new PlainChild('x', 1)] };
  }

  @Get('/hidden')
  hidden() {
    return { list: [new Plain('x', new HiddenChild('y'))] };
  }
}

const through = suite('a handler returning class instances');

through('instances without rules are sent as JSON.stringify sends them; a rule anywhere inside still applies', async () => {
  const app = createApplication({ controllers: [ShapesController] });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/shapes/plain')), { list: [{ a: 'x', b: 1 }] });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/shapes/hidden')), { list: [{ a: 'x', b: { a: 'y' } }] });
  assert.equal(await jsonOf(await request(app, 'GET', '/api/shapes/hidden')), { list: [{ a: 'x', b: { a: 'y' } }] });
});

through.run();
