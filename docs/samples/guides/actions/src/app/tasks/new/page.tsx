import { NewTaskForm } from './form';

// A server-rendered page: the form posts to the action before hydration and with JavaScript off.
export default function NewTaskPage() {
  return (
    <main>
      <h1>New task</h1>
      <NewTaskForm />
    </main>
  );
}
