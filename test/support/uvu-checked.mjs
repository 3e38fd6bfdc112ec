// uvu's `suite` and `test`, with one change: an error thrown by a `before` hook fails every test of that run of the
// suite (the first with the error itself, its stack included), so a set-up that fails can never pass. uvu itself
// swallows it (its runner returns from a `finally`). `after`, `before.each` and `after.each` already fail the run.
import * as uvu from 'uvu';

function checked(real) {
  // One record per `run()`: uvu runs the suite later, and a suite object may be filled and run again.
  let current = { error: undefined, reported: false };

  const guard = (handler) => {
    const run = current;
    return async (context) => {
      if (run.error !== undefined) {
        if (run.reported) throw new Error('Not run: this suite\'s `before` hook failed (see the first test\'s error).');
        run.reported = true;
        const error = run.error;
        if (error instanceof Error) {
          error.message = `The suite's \`before\` hook failed: ${error.message}`;
          throw error;
        }
        throw new Error(`The suite's \`before\` hook failed: ${String(error)}`);
      }
      return handler(context);
    };
  };

  const test = (name, handler) => real(name, guard(handler));
  test.only = (name, handler) => real.only(name, guard(handler));
  test.skip = (...args) => real.skip(...args);
  test.before = (hook) => {
    const run = current;
    real.before(async (context) => {
      if (run.error !== undefined) return;
      try {
        await hook(context);
      } catch (error) {
        run.error = error;
      }
    });
  };
  test.before.each = (hook) => real.before.each(hook);
  test.after = (hook) => real.after(hook);
  test.after.each = (hook) => real.after.each(hook);
  test.run = () => {
    real.run();
    current = { error: undefined, reported: false };
  };
  return test;
}

export const suite = (name, state) => checked(uvu.suite(name, state));
export const test = checked(uvu.test);
export const exec = uvu.exec;
