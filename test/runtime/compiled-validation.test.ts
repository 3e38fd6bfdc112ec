import 'reflect-metadata';
import { createRequire } from 'node:module';
import { Type, plainToInstance } from 'class-transformer';
import * as current from 'class-validator';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileValidation, type ValidatorStorage } from '../../runtime/validation/compiled-validation';
import { flattenValidationErrors } from '../../runtime/validation/dto-validation';

// The compiled rules against class-validator's `validate`, flattened, for the versions the peer range allows: DTO
// classes made of random decorators (with `each`, messages with tokens, groups, `always`), nested and inherited
// classes, random options and random JSON bodies. Every case compiling answers must answer what `validate` does.

type ClassValidator = typeof current;
const oldest = createRequire(import.meta.url)('class-validator-0.14') as ClassValidator;
const VERSIONS: [string, ClassValidator][] = [
  [(createRequire(import.meta.url)('class-validator/package.json') as { version: string }).version, current],
  ['0.14.0', oldest],
];

const MESSAGES = [undefined, '$property of $target: $constraint1 ($value)', '$property is wrong', '', (args: { property: string }) => `${args.property}! $value`];
const OPTIONS = fc.record(
  {
    each: fc.boolean(),
    message: fc.constantFrom(...MESSAGES),
    groups: fc.constantFrom<string[] | undefined>(undefined, ['a'], ['b']),
    always: fc.constantFrom(undefined, true, false),
    // class-validator 0.15's per-rule condition (0.14 leaves it out of the rule).
    validateIf: fc.constantFrom(undefined, (object: { skip?: unknown }) => object.skip !== 'no'),
  },
  { requiredKeys: [] },
);

type Decorate = (cv: ClassValidator, options: current.ValidationOptions, nested: Function) => PropertyDecorator;
const DECORATORS: Record<string, Decorate> = {
  IsString: (cv, o) => cv.IsString(o),
  IsNumber: (cv, o) => cv.IsNumber({}, o),
  IsInt: (cv, o) => cv.IsInt(o),
  IsBoolean: (cv, o) => cv.IsBoolean(o),
  IsArray: (cv, o) => cv.IsArray(o),
  IsObject: (cv, o) => cv.IsObject(o),
  IsNotEmpty: (cv, o) => cv.IsNotEmpty(o),
  Min: (cv, o) => cv.Min(1, o),
  Max: (cv, o) => cv.Max(10, o),
  MinLength: (cv, o) => cv.MinLength(2, o),
  Length: (cv, o) => cv.Length(1, 3, o),
  IsIn: (cv, o) => cv.IsIn(['a', 1, true], o),
  IsEnum: (cv, o) => cv.IsEnum({ A: 'a', B: 'b' }, o),
  Equals: (cv, o) => cv.Equals('a', o),
  Matches: (cv, o) => cv.Matches(/^a/, o),
  IsEmail: (cv, o) => cv.IsEmail({}, o),
  ArrayMinSize: (cv, o) => cv.ArrayMinSize(1, o),
  IsOptional: (cv, o) => cv.IsOptional(o),
  IsDefined: (cv, o) => cv.IsDefined(o),
  ValidateIf: (cv, o) => cv.ValidateIf((object: { skip?: unknown }) => object.skip !== true, o),
  Allow: (cv, o) => cv.Allow(o),
  ValidateNested: (cv, o) => cv.ValidateNested(o),
  TypeNested: (_cv, _o, nested) => Type(() => nested),
  // A rule of the application's own, sync; one returning a promise (left to class-validator when it does).
  Even: (cv, o) => (target, property) =>
    cv.registerDecorator({ name: 'even', target: target.constructor, propertyName: property as string, options: o, validator: { validate: (v) => typeof v === 'number' && v % 2 === 0 } }),
  Later: (cv, o) => (target, property) =>
    cv.registerDecorator({ name: 'later', target: target.constructor, propertyName: property as string, options: o, validator: { validate: (v) => (v === 'promise' ? Promise.resolve(false) : v !== 'no') } }),
};

const PROPERTIES = ['title', 'count', 'items', 'child', 'skip'];
const property = fc.tuple(fc.constantFrom(...PROPERTIES), fc.array(fc.tuple(fc.constantFrom(...Object.keys(DECORATORS)), OPTIONS), { maxLength: 4 }));
const dtoShape = fc.record({
  own: fc.array(property, { maxLength: 4 }),
  inherited: fc.array(property, { maxLength: 2 }),
  child: fc.array(property, { maxLength: 3 }),
});

const KEYS = [...PROPERTIES, 'extra'];
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('a', 'ab', 'abcd', 'b', '', 'x@y.io', 'promise', 'no', 0, 1, 2, 4, 12, -1, 1.5, true, false, null),
    tie('object'),
    tie('array'),
  ),
  object: fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 4 }).map((entries) => JSON.parse(JSON.stringify(entries)) as Record<string, unknown>),
  array: fc.array(tie('value'), { maxLength: 3 }),
})).object;


const validatorOptions = fc.record(
  {
    whitelist: fc.boolean(),
    forbidNonWhitelisted: fc.boolean(),
    forbidUnknownValues: fc.constantFrom(true, false, undefined),
    skipMissingProperties: fc.boolean(),
    skipNullProperties: fc.boolean(),
    skipUndefinedProperties: fc.boolean(),
    stopAtFirstError: fc.boolean(),
    dismissDefaultMessages: fc.boolean(),
    groups: fc.constantFrom<string[] | undefined>(undefined, [], ['a']),
    always: fc.boolean(),
    strictGroups: fc.boolean(),
  },
  { requiredKeys: [] },
).map((options): current.ValidatorOptions => ({ ...options, validationError: { target: false, value: false } }));

type Shape = Record<'own' | 'inherited' | 'child', [string, [string, current.ValidationOptions][]][]>;

function decorate(cv: ClassValidator, type: Function, properties: Shape['own'], nested: Function): void {
  for (const [name, decorators] of properties) {
    for (const [decorator, options] of decorators) DECORATORS[decorator](cv, { ...options }, nested)(type.prototype, name);
  }
}

function classes(cv: ClassValidator, shape: Shape): Function {
  class Child {}
  decorate(cv, Child, shape.child, Child);
  class Base {}
  decorate(cv, Base, shape.inherited, Child);
  class Dto extends Base {}
  decorate(cv, Dto, shape.own, Child);
  return Dto;
}

const compiled = suite('compileValidation against class-validator validate');

for (const [version, cv] of VERSIONS) {
  compiled(`answers what validate answers (class-validator ${version}), or leaves the case to it`, async () => {
    const storage = cv.getMetadataStorage() as unknown as ValidatorStorage;
    let answered = 0;
    let left = 0;
    let withErrors = 0;
    await fc.assert(
      fc.asyncProperty(dtoShape, validatorOptions, json, async (shape, options, plain) => {
        const Dto = classes(cv, shape as Shape) as new () => object;
        const [ours, theirs] = [plainToInstance(Dto, plain), plainToInstance(Dto, plain)];
        const found = compileValidation(storage, options)(ours, 'body');
        if (found === undefined) return void (left += 1);
        answered += 1;
        if (found.length) withErrors += 1;
        assert.equal(found, flattenValidationErrors(await cv.validate(theirs, options), 'body'));
        assert.equal(ours, theirs, 'whitelist stripped the same properties');
      }),
      { numRuns: 1500 },
    );
    assert.ok(answered > 1000, `compiled rules answered ${answered} cases`);
    assert.ok(left > 5, `left to class-validator: ${left}`);
    assert.ok(withErrors > 500, `cases with errors: ${withErrors}`);
  });
}

compiled('an async rule, a Set, a kind of rule or an option it does not know are left to class-validator', async () => {
  @current.ValidatorConstraint({ name: 'remote', async: true })
  class Remote implements current.ValidatorConstraintInterface {
    validate(): Promise<boolean> {
      return Promise.resolve(true);
    }
  }
  class WithAsync {
    @current.Validate(Remote) name = 'a';
  }
  class WithSet {
    @current.IsString({ each: true }) names = new Set(['a']);
  }
  class Plain {
    @current.IsString() name = 'a';
  }
  // A kind of rule a later class-validator might record, which the compiled rules would not know how to run.
  class WithFutureRule {
    @current.IsString() name = 'a';
  }
  current.getMetadataStorage().addValidationMetadata({ type: 'futureValidation', target: WithFutureRule, propertyName: 'name', constraints: [] } as never);
  const storage = current.getMetadataStorage() as unknown as ValidatorStorage;
  assert.is(compileValidation(storage, {})(new WithFutureRule(), 'body'), undefined);
  assert.is(compileValidation(storage, {})(new WithAsync(), 'body'), undefined);
  assert.is(compileValidation(storage, {})(new WithSet(), 'body'), undefined);
  assert.is(compileValidation(storage, { futureOption: true } as current.ValidatorOptions)(new Plain(), 'body'), undefined);
  assert.equal(compileValidation(storage, { enableDebugMessages: false })(new Plain(), 'body'), []);
});

compiled("whitelisting reads class-validator's grouping as it does: own keys named like Object.prototype's members", async () => {
  class Plain {
    @current.IsString() name = 'a';
  }
  const storage = current.getMetadataStorage() as unknown as ValidatorStorage;
  const options = { whitelist: true, forbidNonWhitelisted: true };
  const make = () => Object.assign(new Plain(), { hasOwnProperty: 'x', toString: 'y', valueOf: 'z' });
  const found = compileValidation(storage, options)(make(), 'body');
  assert.equal(found, flattenValidationErrors(await current.validate(make(), options), 'body'));
  assert.equal(found?.map((error) => error.field), ['toString', 'valueOf']);
});

compiled("a rule's exception reaches the caller, as validate's rejection does", () => {
  class Throws {
    @current.ValidateBy({ name: 'throws', validator: { validate: () => { throw new Error('the rule broke'); } } }) name = 'a';
  }
  const storage = current.getMetadataStorage() as unknown as ValidatorStorage;
  assert.throws(() => compileValidation(storage, {})(new Throws(), 'body'), /the rule broke/);
});

compiled.run();
