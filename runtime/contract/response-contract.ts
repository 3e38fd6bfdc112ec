import { instanceToPlain, type ClassTransformOptions } from 'class-transformer';
import { ResponseContractMismatch, type ContractFieldError } from '../errors/response-contract-error';
import { lazy } from '../core/lazy';
import { toResponse } from '../core/response';
import { holdsClassInstance, type Responder } from '../responses/serialize';
import type { RouteDefinition } from '../routing/route-definitions';
import type { Class } from '../types';
import { loadValidators, toValidDto, type Validators } from '../validation/dto-validation';
import { planCache, strip, type Plan, type StripContext } from './plan';
import { schemaContractResponder, schemaItems } from './schema-contract';
import { isStandardSchema, type StandardSchemaV1 } from '../core/standard-schema';

// The response contract: a chunk of its own, loaded by the invoker on the first response of a route that declares a
// type for the status it sends. It needs class-validator's and class-transformer's metadata, like validation.

/** One route's contract, as the invoker gives it. */
export interface Contract {
  type: Class;
  isArray: boolean;
  /** `GET /api/posts/:id (PostsController.findOne)`, for the error `onError` gets. */
  route: string;
  validate: boolean;
  /** createApplication's `serialize`: class-transformer options for an entity's own rules, or false to skip them. */
  serialize: ClassTransformOptions | boolean;
}

/** The invoker's options the contract reads. */
export interface ContractOptions {
  respond: Responder;
  responseContract?: 'strip' | 'validate' | 'off';
  serialize?: ClassTransformOptions | boolean;
}

interface Tools extends Validators {
  instanceToPlain: (value: unknown, options?: ClassTransformOptions) => unknown;
  plan: (cls: Function) => Plan;
}

const contractTools = lazy(() =>
  loadValidators().then((validators): Tools => ({ ...validators, instanceToPlain, plan: planCache({ storage: validators.storage, types: validators.types }) })),
);

/**
 * The responder of a route whose `@ApiResponse` (the method's, else the class's) declares a `type` for the status the
 * route sends (`@HttpCode`, else 200): a DTO class's plan, or a Standard Schema's output (./schema-contract.ts); other
 * routes keep `respond`.
 */
export function contractResponder(definition: RouteDefinition, { respond, responseContract, serialize = true }: ContractOptions): Responder {
  const status = definition.httpCode ?? 200;
  let declared: RouteDefinition['responses'][number] | undefined;
  for (const response of definition.responses) if (response.status === status) declared = response;
  if (!declared?.type) return respond;
  const route = `${definition.method} ${definition.path} (${definition.controller.name}.${definition.propertyKey})`;
  if (isStandardSchema(declared.type)) return schemaContractResponder(declared.type, declared.isArray === true, route);
  const contract: Contract = {
    type: declared.type,
    isArray: declared.isArray === true,
    route,
    validate: responseContract === 'validate',
    serialize,
  };
  return (value, sent = 200) => sendContracted(contract, value, sent);
}

/** Sends `value` as the contract says: stripped to the DTO's properties, and in 'validate' mode checked first. */
export function sendContracted(contract: Contract, value: unknown, status: number): Response | Promise<Response> {
  const loaded = contractTools.value;
  if (loaded && !contract.validate) return toResponse(stripped(loaded, contract, value), status);
  return contractTools.load().then(async (tools) => {
    const body = stripped(tools, contract, value);
    if (contract.validate) await assertValid(tools, contract, body);
    return toResponse(body, status);
  });
}

const contexts = new WeakMap<Contract, StripContext>();

function stripped(tools: Tools, contract: Contract, value: unknown): unknown {
  let context = contexts.get(contract);
  if (!context) contexts.set(contract, (context = stripContext(tools, contract.serialize)));
  return strip(tools.plan(contract.type), value, context);
}

function stripContext(tools: Tools, serialize: ClassTransformOptions | boolean): StripContext {
  const options = typeof serialize === 'object' ? serialize : undefined;
  const ruled = new WeakMap<Function, boolean>();
  return {
    toPlain: (value) => tools.instanceToPlain(value, options) as object,
    // As the serialising responder does for a whole value: an entity held in an untyped property keeps its @Exclude.
    leaf: (value) => (serialize !== false && holdsClassInstance(value) ? tools.instanceToPlain(value, options) : value),
    hasOwnRules(cls) {
      let has = ruled.get(cls);
      if (has === undefined) {
        has = serialize !== false && (tools.types.getExposedMetadatas(cls).length > 0 || tools.types.getExcludedMetadatas(cls).length > 0);
        ruled.set(cls, has);
      }
      return has;
    },
  };
}

const VALIDATE_OPTIONS = { forbidUnknownValues: true, validationError: { target: false, value: false } };

async function assertValid(tools: Tools, contract: Contract, body: unknown): Promise<void> {
  const errors: ContractFieldError[] = [];
  const check = async (item: unknown, prefix: string) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      errors.push({ field: prefix.slice(0, -1), message: `${prefix ? prefix.slice(0, -1) : 'the body'} must be an object` });
      return;
    }
    const outcome = await toValidDto(contract.type, item as Record<string, unknown>, VALIDATE_OPTIONS);
    if (!outcome.ok) for (const { field, message } of outcome.errors) errors.push({ field: prefix + field, message: prefix ? `${prefix}${message}` : message });
  };
  if (contract.isArray) {
    if (!Array.isArray(body)) errors.push({ field: '', message: 'the body must be an array' });
    else for (let i = 0; i < body.length; i++) await check(body[i], `${i}.`);
  } else {
    await check(body, '');
  }
  if (errors.length > 0) throw new ResponseContractMismatch(contract.route, contract.type.name, errors);
}

/**
 * The items of a `@Paginated` route's page as an `isArray` contract of `type` sends them (pagination/page-steps.ts):
 * stripped to the DTO's properties (checked first in 'validate' mode), or each the schema's output.
 */
export function itemsContract(type: Class | StandardSchemaV1, route: string, validate: boolean, serialize: ClassTransformOptions | boolean): (items: unknown) => unknown {
  if (isStandardSchema(type)) return schemaItems(type, route);
  const contract: Contract = { type, isArray: true, route, validate, serialize };
  return (items) => {
    const loaded = contractTools.value;
    if (loaded && !validate) return stripped(loaded, contract, items);
    return contractTools.load().then(async (tools) => {
      const body = stripped(tools, contract, items);
      if (validate) await assertValid(tools, contract, body);
      return body;
    });
  };
}
