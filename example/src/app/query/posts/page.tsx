import { CreatePost } from './create-post';
import { PostsList } from './posts-list';

// Rendered in the browser only: $api.useQuery asks GET /api/posts, the form's mutation invalidates it and the list
// refreshes. (./[id] is the server-prefetched page.)
export default function QueryPosts() {
  return (
    <main>
      <h1>Posts (TanStack Query in the browser)</h1>
      <CreatePost />
      <PostsList />
    </main>
  );
}
