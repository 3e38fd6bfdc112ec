import { classRecord, methodRecord } from './metadata';
import type { ApiOperationOptions, ApiResponseOptions, SecurityRequirement } from '../types';
import { assertLegacyDecorator, memberName } from './legacy';

type ClassOrMethodDecorator = (target: object, propertyKey?: string | symbol, descriptor?: unknown) => void;

/** OpenAPI tags for every route of a controller (on the class) or for one route (on a method). */
export function ApiTags(...tags: string[]): ClassOrMethodDecorator {
  return (target, propertyKey) => {
    assertLegacyDecorator('ApiTags', propertyKey);
    const record = propertyKey === undefined ? classRecord(target as Function) : methodRecord(target.constructor, memberName('ApiTags', propertyKey));
    record.tags.unshift(...tags);
  };
}

/** OpenAPI summary, description, operationId and deprecation of one route. */
export function ApiOperation(options: ApiOperationOptions): MethodDecorator {
  return (target, propertyKey) => {
    assertLegacyDecorator('ApiOperation', propertyKey);
    const record = methodRecord(target.constructor, memberName('ApiOperation', propertyKey));
    record.operation = { ...record.operation, ...options };
  };
}

/** Documents one response of a route (on a method) or of every route of a controller (on the class). Repeatable. */
export function ApiResponse(options: ApiResponseOptions): ClassOrMethodDecorator {
  if (!Number.isInteger(options?.status)) throw new TypeError('@ApiResponse({ status }) needs a numeric status.');
  return (target, propertyKey) => {
    assertLegacyDecorator('ApiResponse', propertyKey);
    const record = propertyKey === undefined ? classRecord(target as Function) : methodRecord(target.constructor, memberName('ApiResponse', propertyKey));
    record.responses.unshift(options);
  };
}

/**
 * Documents that a controller's routes (on the class) or one route (on a method) need the security scheme `name`,
 * one of `generateOpenApiDocument({ securitySchemes })`. Repeated, each is an alternative. Documentation only: the
 * check itself is middleware.
 */
export function ApiSecurity(name: string, scopes: string[] = []): ClassOrMethodDecorator {
  if (typeof name !== 'string' || name === '') throw new TypeError("@ApiSecurity(name) needs the name of a security scheme, e.g. @ApiSecurity('bearer').");
  if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string')) throw new TypeError('@ApiSecurity(name, scopes) takes scopes as a list of strings.');
  const requirement: SecurityRequirement = { [name]: [...scopes] };
  return (target, propertyKey) => {
    assertLegacyDecorator('ApiSecurity', propertyKey);
    const record = propertyKey === undefined ? classRecord(target as Function) : methodRecord(target.constructor, memberName('ApiSecurity', propertyKey));
    record.security.unshift(requirement);
  };
}
