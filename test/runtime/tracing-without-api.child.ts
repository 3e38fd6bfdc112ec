// Run by tracing.test.ts in a process of its own, where `@opentelemetry/api` cannot be resolved (a resolve hook
// refuses it, as if it were not installed): an application with `tracing: true` answers two requests. Prints their
// statuses and what was warned.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(
    "export async function resolve(specifier, context, next) { if (specifier === '@opentelemetry/api') throw Object.assign(new Error('Cannot find package @opentelemetry/api'), { code: 'ERR_MODULE_NOT_FOUND' }); return next(specifier, context); }",
  )}`,
);

const warnings: string[] = [];
console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
const { Controller, Get, createApplication } = await import('../../runtime/index');

class PostsController {
  list() {
    return [];
  }
}
Get('')(PostsController.prototype, 'list', Object.getOwnPropertyDescriptor(PostsController.prototype, 'list')!);
Controller('/posts')(PostsController);

const app = createApplication({ controllers: [PostsController], tracing: true });
const statuses = [];
for (let i = 0; i < 2; i++) statuses.push((await app.handle(new Request('http://localhost/api/posts'))).status);
process.stdout.write(JSON.stringify({ statuses, warnings }));
