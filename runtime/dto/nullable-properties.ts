// The properties marked `@Nullable()`, by class. The decorator (in the main entry) writes here; the DTO rules and the
// OpenAPI document read it. class-validator knows nothing of the mark: it still refuses `null` on such a property,
// and `withDtoRules` drops its errors there (see dto-rules.ts).
const marks = new WeakMap<Function, Set<string>>();

export function markNullable(target: Function, property: string): void {
  let properties = marks.get(target);
  if (!properties) marks.set(target, (properties = new Set()));
  properties.add(property);
}

/** Whether `property` is marked on `cls` or on a class it extends. */
export function isNullable(cls: Function, property: string): boolean {
  for (let current: unknown = cls; typeof current === 'function'; current = Object.getPrototypeOf(current)) {
    if (marks.get(current)?.has(property)) return true;
  }
  return false;
}
