/**
 * A value loaded on first use, once (a lazily loaded chunk, or what it sets up): `load()` starts loading and gives the
 * one promise; once it has resolved, `value` holds the result, so a hot path takes it without an await. A failed load
 * is forgotten, so the next `load()` tries again.
 */
export interface Lazy<T> {
  value?: T;
  load(): Promise<T>;
}

export function lazy<T>(loadValue: () => Promise<T>): Lazy<T> {
  let loading: Promise<T> | undefined;
  // Dropped once loaded: what it closes over (an application's settings, its routes) is not held for nothing.
  let load: (() => Promise<T>) | undefined = loadValue;
  const loaded: Lazy<T> = {
    load: () =>
      (loading ??= load!().then(
        (value) => {
          load = undefined;
          return (loaded.value = value);
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
  return loaded;
}
