'use server';
import { api } from '@/lib/api/server';

export interface CreatePostState {
  created?: { id: string; title: string };
  /** The field errors of the app's 422 (its error format), for the form to show next to the fields. */
  fieldErrors?: { field: string; message: string }[];
  failed?: string;
}

/** A Server Action through the controller: the same validation and error format as POST /api/posts over HTTP. */
export async function createPost(_previous: CreatePostState, form: FormData): Promise<CreatePostState> {
  const { data, error, response } = await api.POST('/api/posts', {
    body: { title: String(form.get('title') ?? ''), content: String(form.get('content') ?? '') },
  });
  if (data) return { created: { id: data.id, title: data.title } };
  if (error && typeof error === 'object' && 'errors' in error && Array.isArray(error.errors)) {
    return { fieldErrors: error.errors.map(({ field, message }: { field: string; message: string }) => ({ field, message })) };
  }
  return { failed: `${response.status}` };
}
