// Where an application's dispatcher hands its jobs to next-app-controllers/jobs (`jobsOf`, `startJobs`, a durable
// `sendWebhook`): a registry on `globalThis`, since the jobs entry is built apart from the library (rollup.config.mjs)
// and each build carries its own copy of this module. One entry per application, made by whichever side comes first.

interface Entry {
  promise: Promise<unknown>;
  resolve(value: unknown): void;
  /** What the jobs entry built from the published value, once. */
  built?: Promise<unknown>;
}

const REGISTRY = Symbol.for('next-app-controllers.jobs');

/** The application's entry: a promise that the dispatcher's `publishJobs` resolves. */
export function jobsEntry(application: object): Entry {
  const registry = ((globalThis as unknown as Record<symbol, WeakMap<object, Entry>>)[REGISTRY] ??= new WeakMap());
  let entry = registry.get(application);
  if (!entry) {
    let resolve!: Entry['resolve'];
    const promise = new Promise<unknown>((done) => (resolve = done));
    registry.set(application, (entry = { promise, resolve }));
  }
  return entry;
}

/** From the dispatcher, once built: the application's jobs, or what building them on demand needs. */
export function publishJobs(application: object, published: unknown): void {
  jobsEntry(application).resolve(published);
}
