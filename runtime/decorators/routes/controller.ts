import { classRecord } from '../../metadata/records';
import { assertLegacyDecorator } from '../legacy';

/** Marks a class as a controller whose routes live under `prefix` (e.g. `/posts`; `""` for none). */
export function Controller(prefix = ''): ClassDecorator {
  return (target, context?: unknown) => {
    assertLegacyDecorator('Controller', context);
    if (typeof prefix !== 'string') throw new TypeError(`@Controller(prefix) takes a string, got ${typeof prefix}.`);
    classRecord(target).prefix = prefix;
  };
}
