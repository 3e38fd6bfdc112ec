'use client';
import { useActionState } from 'react';
import { fieldError } from 'next-app-controllers/actions';
import { attach } from '@/features/tasks/actions';

export function AttachForm({ taskId }: { taskId: string }) {
  const [state, formAction] = useActionState(attach, null);
  return (
    <form action={formAction}>
      {/* The route's :id segment, from a field of its name. */}
      <input type="hidden" name="id" value={taskId} />
      <input name="label" />
      <input type="file" name="file" accept="image/png,image/jpeg,application/pdf" />
      {fieldError(state, 'file') && <p role="alert">{fieldError(state, 'file')}</p>}
      {state?.ok === false && state.status === 413 && <p role="alert">That file is too large.</p>}
      <button>Attach</button>
    </form>
  );
}
