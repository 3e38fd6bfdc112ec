import type { ContractFieldError } from '../errors/response-contract-error';
import { ResponseContractMismatch } from '../errors/response-contract-error';
import { toResponse } from '../core/response';
import type { Responder } from '../responses/serialize';
import { describeSchema } from '../schema/schema-name';
import { validateWithSchema, type SchemaOutcome } from '../schema/schema-validation';
import type { StandardSchemaV1 } from '../core/standard-schema';

/**
 * The response contract of an `@ApiResponse({ status, type: schema })`: what is sent is the schema's output for the
 * returned value (each item's, with `isArray`), so a schema that drops unknown keys (Zod's `z.object`, Valibot's
 * `v.object`) strips them. A value the schema rejects throws a ResponseContractError (a 500 through `onError`) under
 * `'strip'` and `'validate'` alike: a schema cannot strip without parsing.
 */
export function schemaContractResponder(schema: StandardSchemaV1, isArray: boolean, route: string): Responder {
  return (value, status = 200) => {
    const checked = isArray ? checkItems(schema, value) : check(schema, value, '');
    if (!(checked instanceof Promise)) return send(checked, schema, route, status);
    return checked.then((settled) => send(settled, schema, route, status));
  };
}

/** A `@Paginated` route's items, each the schema's output (a rejected one throws a ResponseContractError). */
export function schemaItems(schema: StandardSchemaV1, route: string): (items: unknown) => unknown {
  const settle = (checked: Checked) => {
    if (!checked.ok) throw new ResponseContractMismatch(route, describeSchema(schema), checked.errors);
    return checked.value;
  };
  return (items) => {
    const checked = checkItems(schema, items);
    return checked instanceof Promise ? checked.then(settle) : settle(checked);
  };
}

type Checked = { ok: true; value: unknown } | { ok: false; errors: ContractFieldError[] };

function send(checked: Checked, schema: StandardSchemaV1, route: string, status: number): Response {
  if (!checked.ok) throw new ResponseContractMismatch(route, describeSchema(schema), checked.errors);
  return toResponse(checked.value, status);
}

function check(schema: StandardSchemaV1, value: unknown, prefix: string): Checked | Promise<Checked> {
  const outcome = validateWithSchema(schema, value, 'body');
  return outcome instanceof Promise ? outcome.then((settled) => checked(settled, prefix)) : checked(outcome, prefix);
}

function checked(outcome: SchemaOutcome, prefix: string): Checked {
  if (outcome.ok) return outcome;
  // The field leads the message: Zod's and Valibot's messages do not name it ("Invalid input: expected string").
  return {
    ok: false,
    errors: outcome.errors.map(({ field, message }) => {
      const path = prefix + field;
      return { field: path, message: path ? `${path}: ${message}` : message };
    }),
  };
}

function checkItems(schema: StandardSchemaV1, value: unknown): Checked | Promise<Checked> {
  if (!Array.isArray(value)) return { ok: false, errors: [{ field: '', message: 'the body must be an array' }] };
  const items = value.map((item, index) => check(schema, item, `${index}.`));
  return items.some((item) => item instanceof Promise) ? Promise.all(items).then(combined) : combined(items as Checked[]);
}

function combined(items: Checked[]): Checked {
  const values: unknown[] = [];
  const errors: ContractFieldError[] = [];
  for (const item of items) {
    if (item.ok) values.push(item.value);
    else errors.push(...item.errors);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: values };
}
