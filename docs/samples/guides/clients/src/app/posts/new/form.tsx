'use client';
import { useActionState } from 'react';
import { createPost } from './actions';

export function NewPostForm() {
  const [state, action, pending] = useActionState(createPost, null);
  return (
    <form action={action}>
      <input name="title" />
      <textarea name="content" />
      <button type="submit" disabled={pending}>Publish</button>
      {state?.error && <p role="alert">{state.error.message}</p>}
      {state?.created && <p>Created post {state.created.id}</p>}
    </form>
  );
}
