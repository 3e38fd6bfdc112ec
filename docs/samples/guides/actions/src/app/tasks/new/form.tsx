'use client';
import { useActionState } from 'react';
import { fieldError } from 'next-app-controllers/actions';
import { quick } from '@/features/tasks/actions';

export function NewTaskForm() {
  // The previous state starts as null; then it is the action's last result.
  const [state, formAction, pending] = useActionState(quick, null);
  return (
    <form action={formAction}>
      <input name="title" aria-invalid={fieldError(state, 'title') !== undefined} />
      {fieldError(state, 'title') && <p role="alert">{fieldError(state, 'title')}</p>}
      {/* Field names are the paths of the 422's errors[].field: items.0.name, items.1.name. */}
      <input name="items.0.name" />
      {fieldError(state, 'items.0.name') && <p role="alert">{fieldError(state, 'items.0.name')}</p>}
      {state && !state.ok && state.formErrors.map((message) => <p key={message}>{message}</p>)}
      <button disabled={pending}>Create</button>
    </form>
  );
}
