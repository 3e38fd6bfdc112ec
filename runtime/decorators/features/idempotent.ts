import type { IdempotentOptions } from '../../metadata/idempotency';
import { onClassOrMethod } from '../legacy';

/**
 * Safe retries with an `Idempotency-Key` header (draft-ietf-httpapi-idempotency-key-header), on a POST or PATCH route,
 * or on a controller (its POST and PATCH routes): the first request with a key runs and its answer is kept in the
 * application's store; a retry with the same key and payload gets that answer again (`Idempotency-Replayed: true`)
 * without running the handler; another payload is a 422, a retry while the first still runs a 409. Checked when the
 * dispatcher is built (runtime/idempotency/idempotency.ts).
 */
export function Idempotent(options: IdempotentOptions = {}) {
  return onClassOrMethod('Idempotent', (record) => (record.idempotent = options));
}
