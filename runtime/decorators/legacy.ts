import { classRecord, methodRecord, type ClassRecord, type MethodRecord } from '../metadata/records';

/**
 * The decorators are TypeScript's `experimentalDecorators` kind (parameter decorators exist only there). Called as
 * a TC39 decorator, they get a context object instead of a property key: say what to change instead of failing
 * somewhere deeper.
 */
export function assertLegacyDecorator(name: string, propertyKey: unknown): asserts propertyKey is string | symbol | undefined {
  if (propertyKey !== null && typeof propertyKey === 'object' && 'kind' in propertyKey) {
    throw new TypeError(
      `@${name} needs TypeScript's legacy decorators: set "experimentalDecorators": true and ` +
        `"emitDecoratorMetadata": true in the compilerOptions of tsconfig.json.`,
    );
  }
}

export function memberName(name: string, propertyKey: string | symbol | undefined): string {
  if (typeof propertyKey !== 'string') {
    throw new TypeError(`@${name} can only decorate a method with a string name.`);
  }
  return propertyKey;
}

/** A method decorator `@<name>`: checks how it was called, then changes the method's record. */
export function onMethod(name: string, change: (record: MethodRecord) => unknown): MethodDecorator {
  return (target, propertyKey) => {
    assertLegacyDecorator(name, propertyKey);
    change(methodRecord(target.constructor, memberName(name, propertyKey)));
  };
}

/** A decorator `@<name>` for a class (every route of a controller) or one method: changes that record. */
export function onClassOrMethod(
  name: string,
  change: (record: ClassRecord | MethodRecord) => unknown,
): (target: object, propertyKey?: string | symbol, _descriptor?: unknown) => void {
  return (target, propertyKey) => {
    assertLegacyDecorator(name, propertyKey);
    change(propertyKey === undefined ? classRecord(target as Function) : methodRecord(target.constructor, memberName(name, propertyKey)));
  };
}
