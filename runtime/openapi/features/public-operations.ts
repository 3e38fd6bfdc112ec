import type { OpenApiDocument, OperationObject } from '../types';

/** Whether the document declares any security: a security scheme, or an operation that requires one. */
export function declaresSecurity(document: OpenApiDocument): boolean {
  const schemes = document.components.securitySchemes;
  if (schemes && Object.keys(schemes).length > 0) return true;
  return operationsOf(document).some((operation) => (operation.security?.length ?? 0) > 0);
}

/**
 * An operation's security in a document that declares some: its own requirements, else `[]`, which says it is public
 * (without it, a reader cannot tell a public operation from one whose security was forgotten).
 */
export function operationSecurity(operation: OperationObject): NonNullable<OperationObject['security']> {
  return operation.security ?? [];
}

/** Where the document declares any security, every operation says its own: public ones `security: []`. In place. */
export function markPublicOperations(document: OpenApiDocument): void {
  if (!declaresSecurity(document)) return;
  for (const operation of operationsOf(document)) operation.security = operationSecurity(operation);
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

function operationsOf(document: OpenApiDocument): OperationObject[] {
  const operations: OperationObject[] = [];
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, OperationObject | undefined>)[method];
      if (operation) operations.push(operation);
    }
  }
  return operations;
}
