'use client';
import { useActionState } from 'react';
import { createPost, type CreatePostState } from './actions';

export function NewPostForm() {
  const [state, action, pending] = useActionState<CreatePostState, FormData>(createPost, {});
  return (
    <form action={action}>
      <label>
        Title <input name="title" />
      </label>
      <label>
        Content <textarea name="content" />
      </label>
      <button type="submit" disabled={pending}>
        Create
      </button>
      {state.fieldErrors && (
        <ul id="field-errors">
          {state.fieldErrors.map((fieldError) => (
            <li key={fieldError.field}>
              {fieldError.field}: {fieldError.message}
            </li>
          ))}
        </ul>
      )}
      {state.created && (
        <p id="created">
          Created post {state.created.id}: {state.created.title}
        </p>
      )}
      {state.failed && <p id="failed">Failed with {state.failed}</p>}
    </form>
  );
}
