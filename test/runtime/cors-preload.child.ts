// Run by cors.test.ts in a process of its own (in the test process the CORS chunk is loaded already): an application
// with a global cors() is created, left idle as a server is between its start and its first request, then asked once
// from another origin. Prints whether that first request waited for I/O (a module to load) before it answered.
import { Controller, cors, createApplication, Get } from '../../runtime/index';

class PostsController {
  list() {
    return [];
  }
}
Get('')(PostsController.prototype, 'list', Object.getOwnPropertyDescriptor(PostsController.prototype, 'list')!);
Controller('/posts')(PostsController);

const app = createApplication({ controllers: [PostsController] }).use(cors({ origin: 'https://app.example.com' }));
await new Promise((resolve) => setTimeout(resolve, Number(process.argv[2] ?? 500)));
let waitedForIo = false;
setImmediate(() => (waitedForIo = true));
const response = await app.handle(new Request('http://localhost/api/posts', { headers: { origin: 'https://app.example.com' } }));
process.stdout.write(JSON.stringify({ status: response.status, allowOrigin: response.headers.get('access-control-allow-origin'), waitedForIo }));
