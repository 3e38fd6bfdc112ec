/**
 * croner, an optional peer that `@Scheduled` needs (zero dependencies, maintained, cron patterns with an optional
 * seconds field and IANA time zones), imported inside `try` as the other optional peers are: an app without schedules
 * builds and runs without it.
 */
export async function importCroner(): Promise<typeof import('croner')> {
  let module: unknown;
  try {
    module = await import('croner');
  } catch (error) {
    throw new Error(`@Scheduled needs the croner package to read its cron patterns: npm install croner (${(error as Error)?.message ?? error}).`);
  }
  const namespace = module as { Cron?: unknown; default?: { Cron?: unknown } };
  return (typeof namespace?.Cron === 'function' ? namespace : namespace?.default) as typeof import('croner');
}
