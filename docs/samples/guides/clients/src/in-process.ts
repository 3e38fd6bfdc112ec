import createClient from 'openapi-fetch';
import { app } from '@/app';
import type { paths } from '@/lib/api/schema';

// #region fetch
// app.fetch takes what fetch takes: a relative string resolves against http://localhost.
const listed = await app.fetch('/api/posts?limit=5');
console.log(listed.status, await listed.json()); // 200 []

// app.handle takes a Request; no server is started either way.
const missing = await app.handle(new Request('http://localhost/api/posts/42'));
console.log(missing.status); // 404
// #endregion fetch

// #region client
// openapi-fetch builds a Request from baseUrl + path before calling fetch, so give it an origin.
const api = createClient<paths>({ baseUrl: 'http://localhost', fetch: app.fetch });

const { data, error } = await api.POST('/api/posts', { body: { title: 'Hello', content: 'First post' } });
console.log(error ?? data); // { id: '1', title: 'Hello', content: 'First post' }
// #endregion client
