/** The options of `@Idempotent`. */
export interface IdempotentOptions {
  /** How long a key's answer is kept and replayed, in milliseconds. Default 24 hours. */
  ttl?: number;
  /** A request without an `Idempotency-Key` header is a 400. Default false: it runs as it would without `@Idempotent`. */
  required?: boolean;
}
