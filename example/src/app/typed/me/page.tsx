import { api } from '@/lib/api/server';

// Dynamic: the typed server client passes the browser's cookie on to GET /api/users/me.
export default async function Me() {
  const { data, response } = await api.GET('/api/users/me');
  return <main>{data ? <p id="user">Signed in as {data.name}</p> : <p id="user">Not signed in ({response.status})</p>}</main>;
}
