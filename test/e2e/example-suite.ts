import { suite, type Test } from 'uvu';
import { buildExample, startExample, timed, type Bundler, type RunningServer } from './harness';

export interface ExampleSuite {
  test: Test;
  /** The running server; throws the build/start error when setting up failed. */
  server(): RunningServer;
}

/**
 * A uvu suite around one production build of the example: `before` runs `next build` (with `bundler`) and
 * `next start`, `after` stops the server. uvu swallows an error thrown by a `before` hook (its runner returns from a
 * `finally`), so a failed set-up is kept and rethrown by every test instead.
 */
export function exampleSuite(bundler: Bundler): ExampleSuite {
  const test = suite(`example app, next build (${bundler}) + next start`);
  let running: RunningServer | undefined;
  let setupError: unknown;

  test.before(async () => {
    try {
      // E2E_REUSE_BUILD=1 starts the build already in example/.next (for iterating on the tests; never in CI).
      if (process.env.E2E_REUSE_BUILD !== '1') await timed(`next build (${bundler})`, () => buildExample(bundler));
      running = await timed(`next start until ready (${bundler})`, () => startExample());
    } catch (error) {
      setupError = error;
    }
  });

  test.after(async () => {
    await running?.stop();
  });

  test('builds with next build and answers on a loopback port with next start', () => {
    if (setupError) throw setupError;
  });

  return {
    test,
    server() {
      if (setupError || !running) throw new Error(`the example did not start: ${setupError ? String(setupError).slice(0, 200) : 'unknown'}`);
      return running;
    },
  };
}
