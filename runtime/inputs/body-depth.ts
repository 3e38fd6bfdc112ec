import { clientError } from '../errors/client-error';

/**
 * Throws a 400 when a parsed JSON body nests objects/arrays deeper than `limit` levels. class-transformer copies a body
 * recursively, unknown fields included, and overflows the stack at a few thousand levels (a 24 KB body); this walk
 * stops one level past the limit, so its own recursion stays within it.
 */
export function assertBodyDepth(body: object, limit: number): void {
  if (deeperThan(body, limit)) {
    throw clientError(400, `Request body is nested too deeply: at most ${limit} levels of objects and arrays are accepted`);
  }
}

/** Whether `value` (an object or array) has containers more than `levels` deep, counting itself. */
function deeperThan(value: object, levels: number): boolean {
  if (levels === 0) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null && deeperThan(item, levels - 1)) return true;
    }
    return false;
  }
  for (const key in value) {
    const item: unknown = (value as Record<string, unknown>)[key];
    if (typeof item === 'object' && item !== null && deeperThan(item, levels - 1)) return true;
  }
  return false;
}
