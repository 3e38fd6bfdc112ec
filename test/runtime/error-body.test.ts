import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { defaultErrorBody, defaultErrorResponse, plainErrorJson } from '../../runtime/errors/error-handler';
import { HttpError } from '../../runtime/errors/http-error';

// The default error body of an error without `errors` or `details` is written out by hand (a 404's hot path): it must
// be byte for byte what JSON.stringify makes of the body object, whatever the message and the id hold.
test('the written-out error body is JSON.stringify of the default body, for any status, message and request id', () => {
  fc.assert(
    fc.property(fc.integer({ min: 400, max: 599 }), fc.string({ unit: 'binary' }), fc.option(fc.string({ unit: 'binary' }), { nil: undefined }), (status, message, requestId) => {
      assert.is(plainErrorJson(status, message, requestId), JSON.stringify(defaultErrorBody(new HttpError(status, message), requestId)));
    }),
    { numRuns: 2000 },
  );
});

test('an error with errors or details still answers every field of the default body', async () => {
  const errors = [{ field: 'title', message: 'title should not be empty', in: 'body' as const }];
  const withErrors = defaultErrorResponse(new HttpError(422, 'Validation failed', { errors }), 'r-1');
  assert.equal(await withErrors.json(), { success: false, statusCode: 422, message: 'Validation failed', errors, requestId: 'r-1' });
  const withDetails = defaultErrorResponse(new HttpError(409, 'Taken', { details: { slug: 'a' }, headers: { 'retry-after': '1' } }));
  assert.equal([withDetails.status, withDetails.headers.get('retry-after'), await withDetails.json()], [409, '1', { success: false, statusCode: 409, message: 'Taken', slug: 'a' }]);
  const plain = defaultErrorResponse(new HttpError(404, 'Cannot GET /api/"x"'), 'r-2');
  assert.equal([plain.status, plain.headers.get('content-type'), await plain.json()], [404, 'application/json', { success: false, statusCode: 404, message: 'Cannot GET /api/"x"', requestId: 'r-2' }]);
});

test.run();
