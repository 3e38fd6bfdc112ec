import { createApplication, type Application } from 'next-app-controllers';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { NotesController } from '@/features/notes/controller';

const Notes = suite('the notes API, one application per test');

// NotesController keeps its notes in its instance, and an application constructs its controllers once, when it is
// created: a new application is a new NotesController with no notes. It holds only the controller under test, with the
// options the test needs (the global middleware src/app.ts registers with app.use is not in it).
let app: Application;
Notes.before.each(() => {
  app = createApplication({ controllers: [NotesController] });
});

Notes('POST /api/notes answers 201, and GET /api/notes lists the note', async () => {
  const created = await app.fetch('/api/notes', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'Buy milk' }),
  });
  assert.is(created.status, 201);

  const listed = await app.fetch('/api/notes');
  assert.equal(await listed.json(), [{ id: '1', text: 'Buy milk' }]);
});

Notes('the next test starts with no notes', async () => {
  const listed = await app.fetch('/api/notes');
  assert.equal(await listed.json(), []);
});

Notes.run();
