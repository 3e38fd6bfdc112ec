// app.fetch()'s request (a chunk loaded on its first call): a Request as it is, or a URL or path made absolute.

const IN_PROCESS_ORIGIN = 'http://localhost';

export function inProcessRequest(input: string | URL | Request, init: RequestInit | undefined): Request {
  if (input instanceof Request) return init === undefined ? input : new Request(input, init);
  if (typeof input !== 'string' && !(input instanceof URL)) {
    throw new TypeError(`app.fetch() takes a URL, a string or a Request, got ${input === null ? 'null' : typeof input}.`);
  }
  return new Request(new URL(input, IN_PROCESS_ORIGIN), init);
}
