import { api } from '@/lib/api/server';

// Prerendered by `next build`, when no server runs: the client is answered by app.fetch in the build's process.
// force-static: the incoming headers the client passes on are then empty instead of making the page dynamic.
export const dynamic = 'force-static';

export default async function TypedPosts() {
  const { data, error } = await api.GET('/api/posts');
  if (error) throw new Error(`GET /api/posts answered an error: ${JSON.stringify(error)}`);
  return (
    <main>
      <h1>Posts (prerendered through the typed server client)</h1>
      <ul id="posts">
        {data.map((post) => (
          <li key={post.id}>{post.title}</li>
        ))}
      </ul>
    </main>
  );
}
