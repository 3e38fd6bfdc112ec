import type { DeprecatedOptions, VersionValue } from '../../types';
import { onClassOrMethod } from '../legacy';

type ClassOrMethodDecorator = (target: object, propertyKey?: string | symbol, descriptor?: unknown) => void;

/**
 * The API versions a controller's routes (on the class) or one route (on a method) answer: `@Version('2')`,
 * `@Version(['1', '2'])` or `@Version(VERSION_NEUTRAL)`. A method's `@Version` replaces its controller's. Needs
 * `createApplication({ versioning })`, which checks the values.
 */
export function Version(version: VersionValue): ClassOrMethodDecorator {
  return onClassOrMethod('Version', (record) => (record.version = version));
}

/**
 * Marks a controller's routes (on the class) or one route (on a method) deprecated: every response of the route,
 * errors included, carries `Deprecation` (RFC 9745), and `Sunset` (RFC 8594) and `Link: <…>; rel="deprecation"` when
 * given; the document marks the operation `deprecated: true`. `createApplication` checks the dates.
 */
export function Deprecated(options: DeprecatedOptions = {}): ClassOrMethodDecorator {
  return onClassOrMethod('Deprecated', (record) => (record.deprecated = options));
}
