import 'reflect-metadata';
import { Exclude, Type, plainToInstance } from 'class-transformer';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyIntoDto } from '../../runtime/validation/plain-to-dto';
import { ruleFreeTest } from '../../runtime/dto/rule-free';
import { loadTransformerStorages } from '../../runtime/dto/transformer-storage';

// DTO classes of the shapes a body meets: fields with defaults, methods, a getter, a setter, a field holding a
// function, a subclass; and classes with class-transformer rules, which the copy must leave to class-transformer.
class Basic {
  title = 'default';
  count?: number;
}
class WithMembers extends Basic {
  handler = () => 'a field holding a function';
  describe(): string {
    return this.title;
  }
  get upper(): string {
    return this.title.toUpperCase();
  }
  set lower(value: string) {
    this.title = value.toLowerCase();
  }
}
class Nested {
  @Type(() => Basic) inner?: Basic;
}
class Hiding extends Basic {
  @Exclude() secret?: string;
}

const KEYS = ['title', 'count', 'tags', 'inner', 'describe', 'upper', 'lower', 'handler', 'toString', 'constructor', '__proto__', 'valueOf', 'x'];
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), tie('object'), tie('array')),
  object: fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 4 }).map((entries) => JSON.parse(JSON.stringify(entries)) as Record<string, unknown>),
  array: fc.array(tie('value'), { maxLength: 3 }),
})).object;

/** Same class, same own keys in the same order, same values deeply (prototypes of nested values included). */
function sameInstance(a: unknown, b: unknown): void {
  if (typeof a !== 'object' || a === null) return assert.is(a, b);
  assert.is(Object.getPrototypeOf(a), Object.getPrototypeOf(b));
  assert.equal(Object.keys(a), Object.keys(b as object));
  for (const key of Object.keys(a)) {
    const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
    if (typeof x === 'function') assert.is(typeof y, 'function');
    else sameInstance(x, y);
  }
}

const property = suite('copyIntoDto against plainToInstance');

property('for JSON bodies, the copy makes the instance plainToInstance makes, or leaves the body to it', async () => {
  const ruleFree = ruleFreeTest(await loadTransformerStorages());
  let copied = 0;
  let left = 0;
  fc.assert(
    fc.property(json, fc.constantFrom(Basic, WithMembers), (plain, type) => {
      assert.ok(ruleFree(type));
      const copy = copyIntoDto(type, plain);
      if (copy === undefined) return void (left += 1);
      copied += 1;
      sameInstance(copy, plainToInstance(type, plain));
    }),
    { numRuns: 3000 },
  );
  assert.ok(copied > 300, `copied ${copied}`);
  assert.ok(left > 300, `left ${left}`);
});

property('classes with rules, on them or an ancestor, are never rule-free; built-ins neither', async () => {
  const ruleFree = ruleFreeTest(await loadTransformerStorages());
  assert.is(ruleFree(Nested), false);
  assert.is(ruleFree(Hiding), false);
  assert.is(ruleFree(Date), false);
  assert.is(ruleFree(WithMembers), true);
});

property('values no JSON body holds are left to class-transformer', () => {
  for (const value of [new Date(0), new File(['x'], 'a.txt'), new Basic(), () => 1, [1, , 2], Object.create(null)]) {
    assert.is(copyIntoDto(Basic, { count: value }), undefined);
  }
});

property.run();
