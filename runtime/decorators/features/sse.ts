import { onMethod } from '../legacy';

/** The options of {@link Sse}. */
export interface SseOptions {
  /** Milliseconds between keep-alive comment lines while no event is sent; `0` sends none. Default 15,000. */
  keepAlive?: number;
}

/**
 * The route answers Server-Sent Events: its method returns an AsyncIterable (an `async function*`) whose values are
 * sent as events, each as soon as it is yielded, with JSON `data` (or `{ data, event?, id?, retry? }` for the other
 * fields). The iterator is ended (`return()`, its `finally` runs) when the client goes away.
 */
export function Sse(options: SseOptions = {}): MethodDecorator {
  const keepAlive = options?.keepAlive ?? 15_000;
  if (!(typeof keepAlive === 'number' && keepAlive >= 0 && keepAlive < Infinity)) throw new TypeError(`@Sse({ keepAlive }) takes milliseconds, got ${String(keepAlive)}.`);
  return onMethod('Sse', (record) => (record.sse = { keepAlive }));
}
