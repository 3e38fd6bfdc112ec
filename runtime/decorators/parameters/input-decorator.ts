import type { StandardSchemaV1 } from '../../core/standard-schema';
import type { Class } from '../../types';

// Types only: what the input decorators give their parameter, checked against the parameter's annotation. A legacy
// parameter decorator is called as `(target, propertyKey, parameterIndex)` with the method's name and the
// parameter's index as literal types, so its signature can read the annotated type from `target[propertyKey]`.

/** What `@Body(dto)`, `@Query(dto)`… give their parameter: a Standard Schema's output, or a DTO class's instance. */
export type InputOf<D> = D extends StandardSchemaV1<unknown, infer O> ? O : D extends Class<infer T> ? T : unknown;

/** The type of parameter `I` of method `K` of `C`: `unknown` where it cannot be read (a private method). */
type ParameterOf<C, K, I extends number> = K extends keyof C ? (C[K] extends (...args: infer A) => unknown ? A[I] : unknown) : unknown;

/**
 * `unknown` when the annotated type `P` accepts `T` (or `T` is `unknown`: nothing to check); else the type the
 * compiler's message shows, naming the decorator and `T`.
 */
type Accepting<Name extends string, T, P> = unknown extends T ? unknown : [T] extends [P] ? unknown : { [_ in `${Name} gives the parameter`]: T };

/**
 * A parameter decorator that gives its parameter a `T`: the parameter's type must accept a `T` (the same type, a
 * wider one, `unknown`), or the decorator fails to compile on that parameter, the message naming the decorator and
 * `T`: `Argument of type '0' is not assignable to parameter of type '0 & { "@Body gives the parameter": CreateTask; }'`.
 * Nothing is checked when `T` is `unknown`.
 */
export interface InputDecorator<Name extends string, T> {
  <C extends object, K extends string | symbol, I extends number>(target: C, propertyKey: K, parameterIndex: I & Accepting<Name, T, ParameterOf<C, K, I>>): void;
}
