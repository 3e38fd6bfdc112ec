import { NewPostForm } from './form';

export default function NewPost() {
  return (
    <main>
      <h1>New post (a Server Action through the typed server client)</h1>
      <NewPostForm />
    </main>
  );
}
