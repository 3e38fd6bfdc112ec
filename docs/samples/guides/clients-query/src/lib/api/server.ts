import 'server-only';
import { headers } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import createClient from 'openapi-fetch';
import { app } from '@/app';
import type { paths } from './schema';

/** Headers of the incoming request passed on to the API, so its middleware sees who is signed in. */
const FORWARDED = ['cookie', 'authorization'];

/**
 * The same typed client for server components, route handlers and Server Actions, answered by `app.fetch` in this
 * process: the controllers' middleware, validation and error format apply, with no HTTP request to the app's own
 * server (there is none during `next build`). In a page meant to be prerendered, `export const dynamic = 'force-static'`:
 * reading the incoming headers otherwise makes the page dynamic.
 */
export const api = createClient<paths>({
  baseUrl: 'http://localhost',
  fetch: async (request: Request) => {
    const incoming = await incomingHeaders();
    if (!incoming) return app.fetch(request);
    const forwarded = new Headers(request.headers);
    for (const name of FORWARDED) {
      const value = incoming.get(name);
      if (value !== null && !forwarded.has(name)) forwarded.set(name, value);
    }
    return app.fetch(new Request(request, { headers: forwarded }));
  },
});

/** The incoming request's headers; none outside a request (a script, generateStaticParams). */
async function incomingHeaders(): Promise<Headers | undefined> {
  try {
    return new Headers(await headers());
  } catch (error) {
    // Next.js's own signals (a page switching to dynamic rendering) must reach Next.js.
    unstable_rethrow(error);
    return undefined;
  }
}

export type { paths };
