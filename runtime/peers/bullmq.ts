/**
 * BullMQ, an optional peer (`bullmqQueue()` needs it), imported inside `try`, which Turbopack and webpack take as
 * optional: an app that never calls `bullmqQueue()` builds without it. Loaded on the queue's first use, never when
 * the module that creates the application is imported (so `next build` opens no Redis connection).
 */
export async function importBullmq(): Promise<typeof import('bullmq')> {
  let module: unknown;
  try {
    module = await import('bullmq');
  } catch (error) {
    throw new Error(`bullmqQueue() needs the bullmq package: npm install bullmq (${(error as Error)?.message ?? error}).`);
  }
  const namespace = module as { Queue?: unknown; default?: { Queue?: unknown } };
  return (typeof namespace?.Queue === 'function' ? namespace : namespace?.default) as typeof import('bullmq');
}
