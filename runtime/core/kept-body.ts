/**
 * A request whose body the library read before the handler (an `@Idempotent` route hashes it first) answers from the
 * bytes it read: `json()`, `text()`, `arrayBuffer()`, `bytes()`, `blob()`, `formData()`, `body`, `bodyUsed` and
 * `clone()` behave as they would on the unread request, once, and the library's body readers (`readBody`) take the
 * bytes without a stream. The request stays the same object: its prototype becomes one that overrides only these
 * (made once per prototype, so a NextRequest keeps `nextUrl` and `cookies`), and its internal slots (`url`,
 * `headers`, `signal`) are untouched. On Node 20 a `new Request` around the bytes cost ~13 µs (its body stream is
 * made transferable, and its AbortSignal); this costs a property and a prototype change.
 */
const KEPT = Symbol('keptBody');

interface Kept {
  bytes: Uint8Array;
  used: boolean;
  stream?: ReadableStream<Uint8Array>;
}

type KeptRequest = Request & { [KEPT]?: Kept };

const prototypes = new WeakMap<object, object>();
// Not fatal, and a byte order mark dropped: the Fetch standard's "UTF-8 decode", as `Body.text()` does.
const decoder = new TextDecoder();

/** Gives `request` (its body just read into `bytes`) the kept body. */
export function keepBody(request: Request, bytes: Uint8Array): void {
  const prototype = Object.getPrototypeOf(request) as object;
  let kept = prototypes.get(prototype);
  if (kept === undefined) prototypes.set(prototype, (kept = Object.create(prototype, readers) as object));
  (request as KeptRequest)[KEPT] = { bytes, used: false };
  Object.setPrototypeOf(request, kept);
}

/** The kept bytes of `request`, unread and left so; undefined when the library did not read its body or it was used. */
export function keptBytes(request: Request): Uint8Array | undefined {
  const kept = (request as KeptRequest)[KEPT];
  return kept === undefined || unusable(kept) ? undefined : kept.bytes;
}

/** The kept bytes of `request`, its body used from then on (as reading its stream would); undefined when there are none. */
export function takeKeptBody(request: Request): Uint8Array | undefined {
  const kept = (request as KeptRequest)[KEPT];
  return kept === undefined ? undefined : use(kept);
}

function unusable(kept: Kept): boolean {
  return kept.used || kept.stream?.locked === true;
}

function use(kept: Kept): Uint8Array {
  if (unusable(kept)) throw new TypeError('Body is unusable: Body has already been read');
  kept.used = true;
  // A stream asked for earlier is locked, as a body read through its stream is.
  kept.stream?.getReader();
  return kept.bytes;
}

function keptOf(request: Request): Kept {
  return (request as KeptRequest)[KEPT]!;
}

/** A copy the caller may change. */
function copy(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.slice() as Uint8Array<ArrayBuffer>;
}

/** Runs `read` on the body's bytes: a rejected promise when the body is unusable, as `Body` mixin methods reject. */
function reader<T>(read: (bytes: Uint8Array, request: Request) => T | Promise<T>): PropertyDescriptor {
  return {
    value(this: Request): Promise<T> {
      try {
        return Promise.resolve(read(use(keptOf(this)), this));
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
}

/** `blob()` and `formData()` through a Response of the bytes: its MIME type and parsers are the platform's. */
function asResponse(bytes: Uint8Array, request: Request): Response {
  const type = request.headers.get('content-type');
  return new Response(copy(bytes), type === null ? undefined : { headers: { 'content-type': type } });
}

const readers: PropertyDescriptorMap = {
  body: {
    get(this: Request): ReadableStream<Uint8Array> {
      const kept = keptOf(this);
      if (kept.stream === undefined) {
        const used = kept.used;
        // Pulled only when read (highWaterMark 0): reading it is what uses the body.
        kept.stream = new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              kept.used = true;
              if (!used) controller.enqueue(copy(kept.bytes));
              controller.close();
            },
          },
          { highWaterMark: 0 },
        );
      }
      return kept.stream;
    },
  },
  bodyUsed: {
    get(this: Request): boolean {
      return keptOf(this).used;
    },
  },
  arrayBuffer: reader((bytes) => copy(bytes).buffer),
  bytes: reader(copy),
  text: reader((bytes) => decoder.decode(bytes)),
  json: reader((bytes) => JSON.parse(decoder.decode(bytes)) as unknown),
  blob: reader((bytes, request) => asResponse(bytes, request).blob()),
  formData: reader((bytes, request) => asResponse(bytes, request).formData()),
  clone: {
    value(this: Request): Request {
      const kept = keptOf(this);
      if (unusable(kept)) throw new TypeError('Request.clone: Body has already been consumed.');
      return new Request(this, { body: copy(kept.bytes) });
    },
  },
};
