import type { ClassTransformOptions } from 'class-transformer';
import type { ValidatorOptions } from 'class-validator';
import type { Handler } from '../routing/compose';
import type { RouteContext } from '../core/context';
import { lazy, type Lazy } from '../core/lazy';
import type { ErrorResponder } from '../errors/error-handler';
import type { FieldError } from '../errors/http-error';
import { clientError } from '../errors/client-error';
import { toResponse } from '../core/response';
import { routeResponder, type RouteResponder } from '../responses/route-responder';
import type { Responder } from '../responses/serialize';
import type { RouteDefinition } from '../routing/route-definitions';
import type { Validated } from '../validation/dto-validation';
import type { SchemaOutcome } from '../schema/schema-validation';
import type { InvokerTrace } from '../tracing/hooks';
import type { PageSteps } from '../pagination/page-steps';

/** What every validation chunk exports besides its own function: loads class-validator and class-transformer. */
interface ValidationChunk {
  loadValidators(): Promise<unknown>;
}

/** Starts loading a chunk and the validators ahead of the first request; a failure is reported by the request that awaits them. */
function preload(chunk: Lazy<ValidationChunk>): void {
  chunk.load().then((module) => module.loadValidators()).catch(() => {});
}

// Validation code is a chunk of its own (Rollup makes these): importing the library stays small, and an application
// without DTOs never parses it. An application with DTO routes starts loading it, with the validators, when it is
// created, so that its first validated request does not wait for them. Once loaded, a chunk's module is used without
// an await, the same way for every input kind.
const bodyValidation = lazy(() => import('../inputs/body-validation'));
const formValidation = lazy(() => import('../inputs/form-validation'));
const inputValidation = lazy(() => import('../inputs/input-validation'));
// Standard Schema inputs (schema/): in the same chunk as the DTO inputs, but they never load class-validator.
const schemaInputs = lazy(() => import('../schema/schema-inputs'));
const responseContracts = lazy(() => import('../contract/response-contract'));

/** `createApplication({ responseContract })`: what a value returned for a status with a declared `type` goes through. */
export type ResponseContractMode = 'strip' | 'validate' | 'off';

export interface InvokerOptions {
  /** Largest request body `@Body` and `@Form` read, in bytes. */
  bodyLimit: number;
  /** Deepest nesting of objects and arrays `@Body` accepts. */
  bodyDepthLimit: number;
  validation: ValidatorOptions;
  /** Answers a failed validation's 422 without throwing it (see `toValidDto`). */
  fail: ErrorResponder;
  /** Turns the method's result into a Response (`toResponse`, or one that serialises class instances first). */
  respond: Responder;
  responseContract?: ResponseContractMode;
  /** createApplication's `serialize`, for the response contract. */
  serialize?: ClassTransformOptions | boolean;
  /** The route's responder with HTTP caching's ETags (dispatch/route-steps.ts), where an application uses them. */
  responder?: (definition: RouteDefinition, send: RouteResponder) => RouteResponder;
  /** Spans for the validation, the handler and the response contract, with `createApplication({ tracing: true })`. */
  trace?: InvokerTrace;
  /** The page fields and envelope of `@Paginated` routes (pagination/page-steps.ts), where an application has them. */
  pages?: PageSteps;
}

/** One DTO or schema input of a route: where its value goes among the arguments, and how it is read and validated. */
interface InputStep {
  index: number;
  validate(context: RouteContext): Promise<Validated | SchemaOutcome>;
}

/**
 * Calls one route's method: builds its arguments, then turns its result into a Response (`@HttpCode` for values).
 * Custom parameter decorators run first, in parameter order (a 401 from a `@CurrentUser` comes before any 422); then
 * the `@Body`, `@Form`, `@Query`, `@Params` and `@Headers` DTOs (or schemas) are validated, and all their field errors answer one
 * 422, each saying where its value came from (`body`, `form`, `query`, `path`, `header`). Body errors (400, 413, 415,
 * too deep) are thrown. Every other parameter gets the context.
 */
export function invoker(definition: RouteDefinition, instance: object, options: InvokerOptions): Handler {
  const { bodyLimit, bodyDepthLimit, validation, fail, trace } = options;
  const pages = definition.paginated ? options.pages : undefined;
  // A page's envelope goes through its items' contract (pagination/page-steps.ts), not the route's; the items come out
  // of it plain, so the envelope is sent without the serialising walk (as a contracted value is).
  const respond = pages ? (options.responseContract === 'off' ? options.respond : toResponse) : contractResponder(definition, options);
  const own = (instance as Record<string, (...args: unknown[]) => unknown>)[definition.propertyKey];
  const { body, form, query, params, headers, custom } = definition;
  const indices = [body, form, query, params, headers, ...custom].map((parameter) => (parameter ? parameter.index + 1 : 0));
  const arity = Math.max(own.length, 1, ...indices);
  const method = trace ? trace.handler(definition, own) : own;
  const routed = routeResponder(definition, respond, fail);
  const sent = pages ? pages.send(definition, routed, options) : routed;
  const send = options.responder ? options.responder(definition, sent) : sent;
  if (indices.every((index) => index === 0) && arity === 1) return contextOnlyInvoker(method, instance, send);
  const steps: InputStep[] = [];
  if (body?.dto) preload(bodyValidation);
  if (form?.dto) preload(formValidation);
  if (query?.dto || params?.dto || headers?.dto) preload(inputValidation);
  if ([body, form, query, params, headers].some((parameter) => parameter?.schema)) schemaInputs.load().catch(() => {});
  if (body) {
    const limits = { bodyLimit, bodyDepthLimit };
    const { dto, schema } = body;
    steps.push({
      index: body.index,
      validate: schema
        ? (context) => withChunk(schemaInputs, ({ toValidSchemaBody }) => toValidSchemaBody(context.request, schema, limits))
        : (context) => withChunk(bodyValidation, ({ toValidBody }) => toValidBody(context.request, dto, limits, validation)),
    });
  }
  if (form) {
    const { dto, schema } = form;
    steps.push({
      index: form.index,
      validate: schema
        ? (context) => withChunk(schemaInputs, ({ toValidSchemaForm }) => toValidSchemaForm(context.request, schema, bodyLimit))
        : (context) => withChunk(formValidation, ({ toValidForm }) => toValidForm(context.request, dto, bodyLimit, validation)),
    });
  }
  if (query) {
    const { dto, schema } = query;
    const validate: InputStep['validate'] = schema
      ? (context) => withChunk(schemaInputs, ({ toValidSchemaInput }) => toValidSchemaInput(context, schema, 'query'))
      : (context) => withChunk(inputValidation, ({ toValidInput, queryInput }) => toValidInput(dto, () => queryInput(context), validation, 'query'));
    const page = pages?.query(definition);
    steps.push({ index: query.index, validate: page ? (context) => validate(context).then((outcome) => page(outcome, context)) : validate });
  }
  if (params) {
    const { dto, schema } = params;
    steps.push({
      index: params.index,
      validate: schema
        ? (context) => withChunk(schemaInputs, ({ toValidSchemaInput }) => toValidSchemaInput(context, schema, 'path'))
        : (context) => withChunk(inputValidation, ({ toValidInput, pathInput }) => toValidInput(dto, (properties) => pathInput(context, properties), validation, 'path')),
    });
  }
  if (headers) {
    const { dto, schema } = headers;
    steps.push({
      index: headers.index,
      validate: schema
        ? (context) => withChunk(schemaInputs, ({ toValidSchemaInput }) => toValidSchemaInput(context, schema, 'header'))
        : (context) => withChunk(inputValidation, ({ toValidInput, headerInput }) => toValidInput(dto, (properties) => headerInput(context, properties), validation, 'header')),
    });
  }
  const sorted = [...custom].sort((a, b) => a.index - b.index);
  const validationSpan = trace && steps.length > 0 ? trace.validation(definition) : undefined;
  return async (context) => {
    const args: unknown[] = new Array(arity).fill(context);
    for (const parameter of sorted) args[parameter.index] = await parameter.resolve(context, parameter.data);
    let errors: FieldError[] | undefined;
    const span = validationSpan?.start();
    try {
      for (const step of steps) {
        const outcome = await step.validate(context);
        if (outcome.ok) args[step.index] = outcome.value;
        else (errors ??= []).push(...outcome.errors);
      }
    } finally {
      validationSpan?.end(span, errors?.length ?? 0);
    }
    if (errors) return fail(clientError(422, 'Validation failed', { errors }), context);
    const value = method.apply(instance, args);
    return send(isThenable(value) ? await value : value, context);
  };
}

/**
 * A method that takes only the context. A function of its own: a closure returned from `invoker` would keep the whole
 * scope every closure there shares (options, steps, parameters) for the application's life, one per route. The
 * minifier leaves it a function of its own too (build/minify.mjs).
 */
function contextOnlyInvoker(method: (...args: unknown[]) => unknown, instance: object, send: RouteResponder): Handler {
  return (context) => {
    const value = method.call(instance, context);
    return isThenable(value) ? Promise.resolve(value).then((resolved) => send(resolved, context)) : send(value, context);
  };
}

/** What `await` would wait for: a handler's result that is a Promise, or any other thenable. */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}

/** Runs `use` with the chunk's module: at once when it is loaded (no await per request), else once it is. */
function withChunk<T, R>(loaded: Lazy<T>, use: (module: T) => Promise<R>): Promise<R> {
  return loaded.value ? use(loaded.value) : loaded.load().then(use);
}

/**
 * The route's responder, wrapped by its response contract (see contract/response-contract.ts) when an `@ApiResponse`
 * declares a `type`. Responses and `undefined` pass as before; the contract's chunk loads with the first value.
 */
function contractResponder(definition: RouteDefinition, options: InvokerOptions): Responder {
  const { respond, trace } = options;
  if (options.responseContract === 'off' || !definition.responses.some((response) => response.type)) return respond;
  let contracted: Responder | undefined;
  const made = (module: typeof import('../contract/response-contract')) => {
    const contract = module.contractResponder(definition, options);
    return trace ? trace.contract(definition, contract) : contract;
  };
  return (value, status) => {
    if (value instanceof Response || value === undefined) return respond(value, status);
    const loaded = responseContracts.value;
    if (loaded) return (contracted ??= made(loaded))(value, status);
    return responseContracts.load().then((module) => (contracted ??= made(module))(value, status));
  };
}
