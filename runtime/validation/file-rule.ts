import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';

/** The options of {@link IsFile}: the largest size and the accepted media types of an uploaded file. */
export interface IsFileOptions {
  /** The largest accepted size, in bytes. */
  maxSize?: number;
  /** The accepted media types (the part's Content-Type); a wildcard such as `image/*` accepts every subtype. */
  mimeTypes?: readonly string[];
}

/** One `@IsFile` as declared, until class-validator is loaded to register it (see file-rules.ts). */
export interface FileRule {
  target: Function;
  propertyName: string;
  file: IsFileOptions;
  validation?: ValidationOptions;
}

/** `IsFile`'s rule, registered through class-validator's `registerDecorator` (loaded here, in a chunk of its own). */
export async function fileRuleRegistrar(): Promise<(rule: FileRule) => void> {
  return ({ target, propertyName, file, validation }) =>
    registerDecorator({
      name: 'isFile',
      target,
      propertyName,
      constraints: [file],
      options: validation,
      validator: {
        validate: (value) => fileProblem(value, file) === undefined,
        defaultMessage: (args?: ValidationArguments) => {
          const { property, value } = args!;
          // With `each`, class-validator checks the items one by one but gives the message the whole array.
          if (validation?.each && Array.isArray(value)) {
            const index = value.findIndex((item) => fileProblem(item, file) !== undefined);
            return `${property}.${index} ${fileProblem(value[index], file)}`;
          }
          return `${property} ${fileProblem(value, file)}`;
        },
      },
    });
}

/** What is wrong with `value` as a file under `options`, or undefined when nothing is. */
export function fileProblem(value: unknown, { maxSize, mimeTypes }: IsFileOptions): string | undefined {
  if (!(value instanceof Blob) || typeof (value as File).name !== 'string') return 'must be a file (a multipart/form-data file part)';
  if (maxSize !== undefined && value.size > maxSize) return `must be at most ${maxSize} bytes (got ${value.size})`;
  if (mimeTypes !== undefined && !mimeTypes.some((accepted) => typeMatches(value.type, accepted))) {
    return `must be of type ${mimeTypes.join(', ')} (got ${value.type || 'no type'})`;
  }
  return undefined;
}

function typeMatches(type: string, accepted: string): boolean {
  const essence = type.split(';', 1)[0].trim().toLowerCase();
  const wanted = accepted.trim().toLowerCase();
  if (wanted === '*/*' || wanted === '*') return essence !== '';
  return wanted.endsWith('/*') ? essence.startsWith(wanted.slice(0, -1)) : essence === wanted;
}
