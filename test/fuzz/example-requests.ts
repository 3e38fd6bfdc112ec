// Seeded random requests against the example app (issue 15: no client input gets a 5xx), shared by the in-process
// fuzz (test/runtime/example-fuzz.test.ts) and the real-server one (test/e2e/fuzz-cases.ts): methods, paths (encoded,
// malformed, long), headers, content types and bodies from well-formed DTOs with one mistake to bytes that are not
// UTF-8.
import fc from 'fast-check';

const segment = fc.oneof(
  fc.constantFrom('posts', 'orders', 'users', 'avatar', 'system', 'health', 'echo', 'search', 'tags', 'authors', 'count', 'v1', 'v2', 'v9', '1', '2', '999', 'x', '', '.', '..'),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2F', '%C3%A9', 'a%20b', '%F0%9F%98%80', '\u00e9', '~', ';a=b', '*'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.string({ minLength: 200, maxLength: 400 }).map(encodeURIComponent),
);

const path = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('/api/posts', '/api/posts/1', '/api/posts/search', '/api/posts/tags/dto', '/api/orders', '/api/orders/1', '/api/users', '/api/users/1', '/api/users/1/avatar', '/api/system/health', '/api/system/echo', '/api/v1/authors', '/api/v2/authors/1', '/api/v1/authors/count', '/api/v3/authors') },
  { weight: 3, arbitrary: fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/api/${parts.join('/')}`) },
  { weight: 1, arbitrary: fc.array(segment, { maxLength: 3 }).map((parts) => `/${parts.join('/')}`) },
);

const query = fc.oneof(fc.constant(''), fc.constantFrom('?q=hello', '?q=%', '?q=%zz&q=2', '?=&&', '?__proto__=1', '?q=' + 'a'.repeat(2000)));

const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND', 'get', 'Post');

const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  ';;;',
  'application/json; charset=latin1',
);

const text = fc.string({ maxLength: 6 });
const tag = fc.oneof(fc.record({ name: text }), fc.jsonValue({ maxDepth: 1 }));
const maybe = <T>(value: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary: value }, fc.constant(undefined), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));

/** Bodies shaped like the example's DTOs, each field sometimes missing, null or of another type. */
const postBody = fc.record({ title: maybe(text), content: maybe(text), tags: maybe(fc.array(tag, { maxLength: 3 })) }, { requiredKeys: [] });
const orderBody = fc.record(
  {
    customer: maybe(text),
    address: maybe(fc.oneof(fc.record({ street: maybe(text), city: maybe(text) }), fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }))),
    items: maybe(fc.array(fc.oneof(fc.record({ name: maybe(text), quantity: maybe(fc.oneof(fc.integer({ min: -5, max: 120 }), fc.double())) }), fc.jsonValue({ maxDepth: 1 })), { maxLength: 3 })),
  },
  { requiredKeys: [] },
);

const body: fc.Arbitrary<BodyInit | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.oneof(postBody, orderBody).map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '{',
      '{"title":',
      'null',
      '[]',
      '"x"',
      '{"title":"a","content":"b","__proto__":{"x":1}}',
      '{"title":"a","content":"b","constructor":{"prototype":{"x":1}}}',
      `{"title":"a","content":"b","deep":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      `{"title":"${'a'.repeat(1_100_000)}"}`,
      '\ufeff{"title":"a","content":"b"}',
    ),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 40 }) },
);

export interface Generated {
  method: string;
  path: string;
  query: string;
  contentType: string | undefined;
  apiKey: string | undefined;
  encoding: string | undefined;
  body: BodyInit | undefined;
}

const randomRequest = (apiKey: string): fc.Arbitrary<Generated> =>
  fc.record({
  method,
  path,
  query,
  contentType,
  apiKey: fc.constantFrom(undefined, apiKey, 'wrong', ''),
  encoding: fc.constantFrom(undefined, 'gzip', 'identity', 'br, x'),
  body,
});

/** Requests aimed at the body routes, with a JSON content type, so that most bodies reach validation and handlers. */
const bodyRouteRequest = (apiKey: string): fc.Arbitrary<Generated> =>
  fc.oneof(
  fc.record({ method: fc.constantFrom('POST', 'PUT', 'PATCH'), path: fc.constantFrom('/api/posts', '/api/posts/1', '/api/posts/2'), body: postBody }),
  fc.record({ method: fc.constant('POST'), path: fc.constant('/api/orders'), body: orderBody }),
).map(({ method, path, body }) => ({
  method,
  path: method === 'POST' ? path.replace(/\/\d$/, '') : path,
  query: '',
  contentType: 'application/json',
  apiKey,
  encoding: undefined,
  body: JSON.stringify(body),
}));

/** Form fields shaped like the example's SignUpForm, each sometimes missing or not what it should be. */
const signUpFields = fc.record(
  {
    name: fc.oneof({ weight: 4, arbitrary: fc.constant('Grace') }, text),
    email: fc.constantFrom('ada@example.com', 'ada@example.com', 'ada@example.com', 'not-an-email', ''),
    age: fc.constantFrom('36', '36', '36', '12', 'abc', '1e3', ''),
    newsletter: fc.constantFrom('true', 'false', '1', 'yes'),
  },
  { requiredKeys: ['name', 'email'] },
);

/** A file part for the avatar route: PNG, JPEG or another type, small or over the route's 1 MB, or text instead of a file. */
const avatarPart = fc.oneof(
  fc.record({ type: fc.constantFrom('image/png', 'image/jpeg', 'image/png', 'image/gif', 'text/plain', ''), size: fc.oneof({ weight: 4, arbitrary: fc.nat(2000) }, fc.constant(1_000_001)) }).map(
    ({ type, size }) => new File([new Uint8Array(size)], `avatar.${type.split('/')[1] || 'bin'}`, { type }),
  ),
  text,
);

const toForm = (fields: Record<string, string | File | undefined>, multipart: boolean): BodyInit => {
  if (!multipart) return new URLSearchParams(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  return form;
};

/** Requests aimed at the form routes: urlencoded and multipart bodies (their content type set by fetch), or a broken multipart. */
const formRouteRequest = (apiKey: string): fc.Arbitrary<Generated> =>
  fc
    .oneof(
      fc.record({ path: fc.constant('/api/users'), method: fc.constant('POST'), fields: signUpFields, multipart: fc.boolean(), broken: fc.constant(false) }),
      fc.record({
        path: fc.constantFrom('/api/users/1/avatar', '/api/users/1/avatar', '/api/users/999/avatar'),
        method: fc.constant('PUT'),
        fields: fc.oneof({ weight: 4, arbitrary: fc.record({ avatar: avatarPart }) }, fc.constant({})),
        multipart: fc.constant(true),
        broken: fc.constantFrom(false, false, false, true),
      }),
    )
    .map(({ path, method, fields, multipart, broken }) => ({
      method,
      path,
      query: '',
      contentType: broken ? 'multipart/form-data; boundary=x' : undefined,
      apiKey,
      encoding: undefined,
      body: broken ? '--x\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\ncut off' : toForm(fields, multipart),
    }));

/** The generated request as a fetch `Request`, or undefined when the fetch API itself refuses to build it. */
export function toRequest(generated: Generated): Request | undefined {
  const headers = new Headers();
  if (generated.contentType) headers.set('content-type', generated.contentType);
  if (generated.apiKey !== undefined) headers.set('x-api-key', generated.apiKey);
  if (generated.encoding) headers.set('content-encoding', generated.encoding);
  const hasBody = generated.body !== undefined && !['GET', 'HEAD', 'get'].includes(generated.method);
  try {
    return new Request(`http://localhost${generated.path}${generated.query}`, {
      method: generated.method,
      headers,
      body: hasBody ? generated.body : undefined,
    });
  } catch {
    return undefined; // a request the fetch API itself refuses to build never reaches a server either
  }
}

/** Random requests of every kind, and requests aimed at the body and form routes so that most bodies reach the handlers. */
export function exampleRequests(apiKey: string): fc.Arbitrary<Generated> {
  return fc.oneof(
    { weight: 3, arbitrary: randomRequest(apiKey) },
    { weight: 2, arbitrary: bodyRouteRequest(apiKey) },
    { weight: 1, arbitrary: formRouteRequest(apiKey) },
  );
}
