import { Hono } from 'hono';
import { BASE, answer, notFoundBody } from './routes.mjs';

/** Hono (default preset: SmartRouter picks RegExpRouter when it can), same routes, same order, same basePath. */
export function buildHono(routes) {
  const app = new Hono().basePath(BASE);
  for (const route of routes) {
    const id = route.id;
    app.on(route.method, `${route.prefix}${route.path}`, (c) => c.json(answer(id, c.req.param())));
  }
  app.notFound((c) => c.json(notFoundBody(c.req.method, c.req.path), 404));
  return app;
}

