'use client';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '@/lib/api/query';

export function CreatePost() {
  const queryClient = useQueryClient();
  const create = $api.useMutation('post', '/api/posts', {
    // Every query of GET /api/posts, whatever its init: a key is [method, path, init], and this is its prefix.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: $api.queryOptions('get', '/api/posts').queryKey }),
  });
  return (
    <form action={(form) => create.mutate({ body: { title: String(form.get('title')), content: String(form.get('content')) } })}>
      <input name="title" placeholder="Title" />
      <input name="content" placeholder="Content" />
      <button type="submit" disabled={create.isPending}>
        Add
      </button>
      {/* The app's error format, typed: a 422 names its fields. */}
      {create.error && <p role="alert">{create.error.message}</p>}
    </form>
  );
}
