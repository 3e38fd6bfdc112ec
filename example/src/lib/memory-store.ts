/** A tiny in-memory table: enough for an example, gone when the server restarts. */
export class MemoryStore<T extends { id: string }> {
  private readonly rows = new Map<string, T>();
  private nextId = 1;

  constructor(seed: Omit<T, 'id'>[] = []) {
    for (const row of seed) this.insert(row);
  }

  list(): T[] {
    return [...this.rows.values()];
  }

  get(id: string): T | undefined {
    return this.rows.get(id);
  }

  insert(values: Omit<T, 'id'>): T {
    const row = { ...values, id: String(this.nextId++) } as T;
    this.rows.set(row.id, row);
    return row;
  }

  replace(id: string, values: Omit<T, 'id'>): T | undefined {
    if (!this.rows.has(id)) return undefined;
    const row = { ...values, id } as T;
    this.rows.set(id, row);
    return row;
  }

  update(id: string, changes: Partial<Omit<T, 'id'>>): T | undefined {
    const row = this.rows.get(id);
    if (!row) return undefined;
    const updated = { ...row, ...withoutUndefined(changes), id };
    this.rows.set(id, updated);
    return updated;
  }

  delete(id: string): boolean {
    return this.rows.delete(id);
  }
}

function withoutUndefined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

const STORES = Symbol.for('next-app-controllers-example.stores');

/**
 * One store per name in the server process. Next.js bundles the API route and the pages (server components, Server
 * Actions) separately, each with its own copy of the modules: kept on globalThis, a post a Server Action creates
 * through src/lib/api/server.ts is one GET /api/posts then answers, as with a real database.
 */
export function sharedStore<T extends { id: string }>(name: string, create: () => MemoryStore<T>): MemoryStore<T> {
  const holder = globalThis as { [STORES]?: Map<string, MemoryStore<{ id: string }>> };
  const stores = (holder[STORES] ??= new Map());
  let store = stores.get(name) as MemoryStore<T> | undefined;
  if (!store) stores.set(name, (store = create()) as unknown as MemoryStore<{ id: string }>);
  return store;
}
