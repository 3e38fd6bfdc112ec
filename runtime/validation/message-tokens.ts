/** What class-validator passes a constraint's `validate`, `defaultMessage` and a `message` function. */
export interface RuleArguments {
  targetName: string | undefined;
  property: string;
  object: object;
  value: unknown;
  constraints: unknown[];
}

/** Thrown where class-validator's versions disagree, for the caller to leave the validation to class-validator. */
export const VERSION_DEPENDENT = Symbol('answer differs between class-validator versions');

/**
 * class-validator's `replaceMessageSpecialTokens` (0.14 and 0.15), which it does not export: `$constraintN`, `$value`,
 * `$property` and `$target` in a rule's message. `$value` of a number or boolean is replaced from 0.14.2 on and left as
 * it is before, so that case throws VERSION_DEPENDENT.
 */
export function replaceMessageTokens(message: unknown, args: RuleArguments): string | undefined {
  let text: string | undefined;
  if (message instanceof Function) text = message(args) as string;
  else if (typeof message === 'string') text = message;
  if (text && Array.isArray(args.constraints)) {
    args.constraints.forEach((constraint, index) => {
      text = text!.replace(new RegExp(`\\$constraint${index + 1}`, 'g'), constraintToString(constraint));
    });
  }
  const { value } = args;
  if (text && value !== undefined && value !== null) {
    if (typeof value === 'string') text = text.replace(/\$value/g, value);
    else if ((typeof value === 'number' || typeof value === 'boolean') && text.includes('$value')) throw VERSION_DEPENDENT;
  }
  if (text) text = text.replace(/\$property/g, args.property);
  if (text) text = text.replace(/\$target/g, args.targetName as string);
  return text;
}

function constraintToString(constraint: unknown): string {
  if (Array.isArray(constraint)) return constraint.join(', ');
  if (typeof constraint === 'symbol') return `${constraint.description}`;
  return `${constraint}`;
}
