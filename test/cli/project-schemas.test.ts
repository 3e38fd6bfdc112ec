import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, read, run, tempProject } from './helpers';

// Regression (issue 44): `generate resource bookmarks` without --schema, in a project whose features use Zod, wrote a
// class-validator dto.ts beside schemas.ts and said nothing. Without --schema a feature follows the project.
const follows = suite('generate resource without --schema: the project\'s schema library');
follows.after.each(cleanup);

follows('in a project whose features use zod, the new resource is written with zod schemas, and the summary says why', async () => {
  const dir = tempProject('src');
  assert.is((await run('controller', dir, ['posts'], { schema: 'zod' })).error, undefined);
  const { error, summary, output } = await run('resource', dir, ['bookmarks']);
  assert.is(error, undefined);
  assert.ok(existsSync(join(dir, 'src/features/bookmarks/schemas.ts')));
  assert.not.ok(existsSync(join(dir, 'src/features/bookmarks/dto.ts')), 'no unused dto.ts');
  assert.match(read(dir, 'src/features/bookmarks/schemas.ts'), "import * as z from 'zod';");
  assert.match(summary!.notes[0], 'written with zod schemas, as the other features are (src/features/posts/schemas.ts');
  assert.match(stripVTControlCharacters(output), '  notes:\n    - written with zod schemas');
});

follows("a feature's own schemas.ts decides, even beside DTO features (no dto.ts written next to it)", async () => {
  const dir = tempProject('src');
  await run('controller', dir, ['posts']);
  await run('controller', dir, ['bookmarks'], { schema: 'valibot' });
  const { error, summary } = await run('resource', dir, ['bookmarks'], { force: true });
  assert.is(error, undefined);
  assert.not.ok(existsSync(join(dir, 'src/features/bookmarks/dto.ts')));
  const schemas = read(dir, 'src/features/bookmarks/schemas.ts');
  assert.ok(schemas.includes('export const UpdateBookmarkSchema = ') && schemas.includes('v.object('), 'the resource\'s valibot schemas');
  assert.match(summary!.notes[0], 'as src/features/bookmarks/schemas.ts is');
});

follows('features that disagree (DTO classes and zod) keep the default, DTO classes, and the note names both', async () => {
  const dir = tempProject('src');
  await run('controller', dir, ['posts']);
  await run('controller', dir, ['users'], { schema: 'zod' });
  const { error, summary } = await run('resource', dir, ['bookmarks']);
  assert.is(error, undefined);
  assert.ok(existsSync(join(dir, 'src/features/bookmarks/dto.ts')));
  assert.match(summary!.notes[0], 'written with class-validator DTO classes, the default: the features use zod (src/features/users/schemas.ts) and DTO classes (src/features/posts/dto.ts)');
});

follows('--schema class-validator writes DTO classes whatever the other features use; a project without schemas gets no note', async () => {
  const dir = tempProject('src');
  await run('controller', dir, ['posts'], { schema: 'arktype' });
  const chosen = await run('resource', dir, ['bookmarks'], { schema: 'class-validator' });
  assert.is(chosen.error, undefined);
  assert.ok(existsSync(join(dir, 'src/features/bookmarks/dto.ts')));
  assert.equal(chosen.summary!.notes, []);
  const plain = tempProject('src');
  const first = await run('resource', plain, ['bookmarks']);
  assert.ok(existsSync(join(plain, 'src/features/bookmarks/dto.ts')));
  assert.equal(first.summary!.notes, []);
});

follows.run();
