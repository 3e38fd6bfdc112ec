'use client';
import { useActionState } from 'react';
import { fieldError } from 'next-app-controllers/actions';
import { create } from '@/features/notes/actions';

export function NoteForm() {
  // null until the first submit; then the action's result: { ok: false, status, fieldErrors, … } for an invalid note.
  // A valid one never comes back: the handler's redirect() takes the browser to /notes?created=<id>.
  const [state, formAction, pending] = useActionState(create, null);
  const titleError = fieldError(state, 'title');
  const bodyError = fieldError(state, 'body');
  return (
    <form action={formAction} id="note-form">
      <label>
        Title <input name="title" aria-invalid={titleError !== undefined} />
      </label>
      {titleError && <p id="title-error">{titleError}</p>}
      <label>
        Body <textarea name="body" />
      </label>
      {bodyError && <p id="body-error">{bodyError}</p>}
      {state && !state.ok && (
        <p id="note-failed">
          {state.status}: {state.message}
        </p>
      )}
      <button type="submit" disabled={pending}>
        Add note
      </button>
    </form>
  );
}
