'use server';
import { api } from '@/lib/api/server';

export async function createPost(_previous: unknown, form: FormData) {
  const { data, error } = await api.POST('/api/posts', {
    body: { title: String(form.get('title')), content: String(form.get('content')) },
  });
  // error: the 422 in the app's error format (the field errors of CreatePostDto), ready for useActionState
  return error ? { error } : { created: data };
}
