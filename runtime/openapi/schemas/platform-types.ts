/**
 * Whether `value` is a class of the platform (`File`, `Blob`, `Date`, `Request`, `Response`, `URL`…), not one of the
 * application's: a global of that name is that very class. Node writes some of them in JavaScript (`File`, `Blob`), so
 * their source is not `[native code]`. Such a class is never a component: a component named `File` shadows the
 * platform's type in the clients other generators write (`Blob | File` accepting any object).
 */
export function isPlatformClass(value: unknown): boolean {
  if (typeof value !== 'function' || !value.name) return false;
  return (globalThis as Record<string, unknown>)[value.name] === value;
}

/** Binary content, the way OpenAPI 3.1 describes a file part (JSON Schema's `contentMediaType`). */
export const BINARY_SCHEMA = { type: 'string', contentMediaType: 'application/octet-stream' } as const;

/** The platform classes whose value is sent as bytes: a property of one of these types is a binary part. */
export function isBinaryClass(value: unknown): value is typeof Blob {
  return isPlatformClass(value) && (value === globalThis.Blob || value === globalThis.File);
}
