import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BadRequestError, HttpError, NotFoundError } from '../../runtime/errors/http-error';

// The proxy entry, and the CommonJS build beside the ES one, each carry a copy of the class: an error of another
// copy is recognised by the registered symbol on its prototype.
const test = suite('HttpError across copies of the library');

class OtherCopyHttpError extends Error {
  status = 400;
}
Object.defineProperty(OtherCopyHttpError.prototype, Symbol.for('next-app-controllers.HttpError'), { value: true });

test('an error of another copy is instanceof HttpError, and HttpError.is says so', () => {
  const error = new OtherCopyHttpError();
  assert.ok(error instanceof HttpError);
  assert.ok(HttpError.is(error));
});

test('a subclass checks its own prototype: a BadRequestError is no NotFoundError, another copy\'s error neither', () => {
  assert.ok(new NotFoundError() instanceof NotFoundError);
  assert.ok(new NotFoundError() instanceof HttpError);
  assert.not.ok(new BadRequestError() instanceof NotFoundError);
  assert.not.ok(new OtherCopyHttpError() instanceof NotFoundError);
});

test('anything else is not an HttpError', () => {
  for (const value of [new Error('x'), null, undefined, 'HttpError', { status: 400 }]) {
    assert.not.ok(value instanceof HttpError, String(value));
    assert.not.ok(HttpError.is(value));
  }
});

test.run();
