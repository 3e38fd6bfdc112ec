import * as assert from 'uvu/assert';

/** The two verdicts on one input: ajv on the generated document, and the library's validation through app.handle. */
export interface Judges<T> {
  ajv(input: T): boolean;
  library(input: T): Promise<boolean>;
}

export interface Verdicts {
  cases: number;
  valid: number;
}

/** Throws on the first input the two judges disagree on; counts the cases and the valid ones into `figures`. */
export async function assertSameVerdicts<T>(judges: Judges<T>, inputs: readonly T[], figures: Verdicts): Promise<void> {
  for (const input of inputs) {
    const expected = judges.ajv(input);
    const actual = await judges.library(input);
    if (actual !== expected) {
      throw new Error(`document says ${expected ? 'valid' : 'invalid'}, validation says ${actual ? 'valid' : 'invalid'}: ${JSON.stringify(input)}`);
    }
    figures.cases++;
    if (expected) figures.valid++;
  }
}

/** Both verdicts must be common (valid between `1 / share` and `1 - 1 / share` of the cases), or the property says little. */
export function assertBothVerdictsCommon(figures: Verdicts, share: number): void {
  assert.ok(figures.valid > figures.cases / share && figures.valid < (figures.cases * (share - 1)) / share, JSON.stringify(figures));
}
