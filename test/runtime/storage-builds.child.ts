// Run by body.test.ts in a process of its own: records every module specifier resolved while an application answers
// its first @Body request, and prints those naming class-transformer's builds.
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
const resolved: string[] = [];
port1.on('message', (specifier: string) => resolved.push(specifier));
port1.unref();
register(
  `data:text/javascript,${encodeURIComponent(
    'let port; export function initialize(data) { port = data.port; } export async function resolve(specifier, context, next) { port.postMessage(specifier); return next(specifier, context); }',
  )}`,
  { data: { port: port2 }, transferList: [port2] },
);

const { IsString } = await import('class-validator');
const { Body, Controller, createApplication, Post } = await import('../../runtime/index');

class NoteDto {}
IsString()(NoteDto.prototype, 'text');
class NotesController {
  create(note: NoteDto) {
    return note;
  }
}
Post('')(NotesController.prototype, 'create', Object.getOwnPropertyDescriptor(NotesController.prototype, 'create')!);
Body(NoteDto)(NotesController.prototype, 'create', 0);
Controller('/notes')(NotesController);

const app = createApplication({ controllers: [NotesController] });
const response = await app.handle(
  new Request('http://localhost/api/notes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"x"}' }),
);
await new Promise((resolve) => setTimeout(resolve, 100));
process.stdout.write(JSON.stringify({ status: response.status, body: await response.text(), builds: resolved.filter((specifier) => specifier.startsWith('class-transformer/')) }));
