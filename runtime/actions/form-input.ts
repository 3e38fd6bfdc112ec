// Keys that would reach an object's prototype chain (see runtime/inputs/values.ts).
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const INDEX = /^(?:0|[1-9]\d{0,5})$/;

/** A form's field that a JSON `@Body` cannot carry: a file. */
export class FileInJsonBody extends Error {}

/**
 * Whether a form's field is React's or Next's own (`$ACTION_ID_…`, `$ACTION_REF_…`, `$ACTION_KEY`): React strips them
 * from the FormData it hands an action, and this drops any it left.
 */
export function isFrameworkField(name: string): boolean {
  return name.startsWith('$ACTION_');
}

/**
 * A form's fields as the JSON body of a `@Body` route: names are paths, as the 422's `errors[].field` writes them
 * (`address.city`, `items.0.name`; `items[0][name]` and `tags[]` too), a repeated name an array of its values (as
 * `@Form` reads it), and objects whose keys are all indices arrays in index order. Empty file inputs (no file chosen)
 * are left out; a chosen file throws {@link FileInJsonBody}: a file needs a `@Form` route. Fields named in `skip` (the
 * path parameters, the idempotency key) are left out.
 */
export function formToJson(form: FormData, skip: ReadonlySet<string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const name of new Set(form.keys())) {
    if (skip.has(name) || isFrameworkField(name)) continue;
    const values = form.getAll(name).filter((value) => typeof value === 'string' || !isEmptyFile(value));
    if (values.length === 0) continue;
    if (values.some((value) => typeof value !== 'string')) throw new FileInJsonBody(name);
    const path = name.replace(/\[([^\]]*)\]/g, '.$1').split('.');
    const append = path.at(-1) === '';
    if (append) path.pop();
    if (path.some((key) => key === '' || PROTOTYPE_KEYS.has(key))) continue;
    let container = root;
    for (const key of path.slice(0, -1)) {
      const next = container[key];
      container = (typeof next === 'object' && next !== null && !Array.isArray(next) ? next : (container[key] = {})) as Record<string, unknown>;
    }
    const last = path[path.length - 1];
    container[last] = values.length === 1 && !append ? values[0] : values;
  }
  return arrays(root) as Record<string, unknown>;
}

/** A file input with no file chosen: the browser sends an empty part without a file name. */
function isEmptyFile(value: FormDataEntryValue): boolean {
  return typeof value !== 'string' && value.size === 0 && value.name === '';
}

/** Objects whose keys are all indices (`items.0`, `items.1`) become arrays, in index order, without holes. */
function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, arrays(item)] as const);
  if (entries.length > 0 && entries.every(([key]) => INDEX.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  }
  return Object.fromEntries(entries);
}

/**
 * An object call's input as the form a `@Form` route reads: a field per property, an array's items under its name
 * repeated, `File`s and `Blob`s as file parts, a Date as its ISO string, anything else as its string; `null` and
 * `undefined` left out.
 */
export function objectToForm(input: Record<string, unknown>, skip: ReadonlySet<string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(input)) {
    if (skip.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === null || item === undefined) continue;
      if (item instanceof Blob) form.append(name, item);
      else form.append(name, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  return form;
}
