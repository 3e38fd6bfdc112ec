import { notes } from '@/features/notes/controller';
import { NoteForm } from './form';

// The list is read per request: the action's revalidatePath('/notes') and redirect() show the new note at once.
export const dynamic = 'force-dynamic';

export default async function NotesPage({ searchParams }: { searchParams: Promise<{ created?: string }> }) {
  const { created } = await searchParams;
  return (
    <main>
      <h1>Notes (a route as a Server Action)</h1>
      <p>
        The form posts to <code>NotesController.create</code>, the handler of <code>POST /api/notes</code>, as a Server
        Action: it works before hydration and with JavaScript off.
      </p>
      {created && <p id="created">Created note {created}</p>}
      <ul id="notes">
        {notes.list().map((note) => (
          <li key={note.id}>
            <strong>{note.title}</strong> {note.body}
          </li>
        ))}
      </ul>
      <NoteForm />
    </main>
  );
}
