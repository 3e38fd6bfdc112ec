/**
 * What `createApplication({ log })` takes: a logger with pino's shape (a pino logger, or a child of one), each method
 * called with an object first and a message. The application writes one line per request after its response:
 * `info` under 400, `warn` for 4xx, `error` for 5xx (with the error as `err`).
 */
export interface RequestLogger {
  /** A request answered under 400. */
  info(fields: object, message?: string): void;
  /** A request answered with a 4xx. */
  warn(fields: object, message?: string): void;
  /** A request answered with a 5xx: `fields.err` is the error. */
  error(fields: object, message?: string): void;
}
