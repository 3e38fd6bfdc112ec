import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CodeBlock, Pre } from 'fumadocs-ui/components/codeblock';
import { HomeLayout } from 'fumadocs-ui/layouts/home';
import Link from 'next/link';
import { baseOptions } from '@/lib/layout.shared';

/** The controller of the Introduction's sample (samples/index/posts.ts, compiled by the docs tests), its region only. */
function controllerSample(): string {
  const text = readFileSync(join(process.cwd(), 'samples/index/posts.ts'), 'utf8');
  return text.slice(text.indexOf('// #region controller\n') + '// #region controller\n'.length, text.indexOf('// #endregion controller')).trimEnd();
}

const CAPABILITIES: { title: string; href: string; text: string }[] = [
  { title: 'Routing', href: '/docs/guides/routing', text: '@Get, @Post… on classes, one catch-all route file, a trie router.' },
  { title: 'Validation', href: '/docs/guides/inputs', text: 'class-validator DTOs for bodies, queries, params and headers: a 422 naming each field.' },
  { title: 'Schemas', href: '/docs/guides/schemas', text: 'Zod, Valibot and ArkType beside DTOs, through Standard Schema.' },
  { title: 'OpenAPI and Swagger UI', href: '/docs/guides/openapi', text: 'The document from the same decorators; Swagger UI or Scalar at /api-docs.' },
  { title: 'Typed clients', href: '/docs/guides/clients', text: 'openapi-fetch clients for the browser, server components and Server Actions.' },
  { title: 'Errors', href: '/docs/guides/errors', text: 'HttpError, one formatter, RFC 9457 problem details; 404, 405 and bad URLs included.' },
  { title: 'Middleware and CORS', href: '/docs/guides/middleware', text: 'Koa-style middleware on Web Request and Response; CORS and preflight.' },
  { title: 'Authentication', href: '/docs/guides/authentication', text: 'Bearer tokens and sessions as middleware, documented as security schemes.' },
  { title: 'Streams, forms, uploads', href: '/docs/guides/streams', text: 'Server-Sent Events, downloads, multipart forms and files.' },
  { title: 'Production', href: '/docs/guides/production', text: 'Rate limits (memory or Redis), ETags, Cache-Control, CSRF, OpenTelemetry traces.' },
  { title: 'MCP tools', href: '/docs/guides/mcp', text: 'Routes as Model Context Protocol tools for agents.' },
  { title: 'Testing', href: '/docs/testing', text: 'app.fetch and the typed client in process: no server to start.' },
];

const COMPARISON: [string, string, string][] = [
  ['Route handlers (route.ts per path)', 'No library, nothing to learn.', 'Validation, errors and the document are yours to write, file by file.'],
  ['Hono in a catch-all route', 'Fast, tiny, any runtime; Zod validators and OpenAPI through middleware.', 'Routes as chained calls, not classes; no class-validator DTOs.'],
  ['tRPC / oRPC', 'End-to-end types without a document; oRPC also writes OpenAPI.', 'Procedures, not REST resources; clients are theirs first.'],
  ['NestJS', 'A whole framework: modules, DI, guards, pipes, a large ecosystem.', 'Its own server beside Next.js; far more to learn and to run.'],
  ['next-app-controllers', 'Nest-style controllers and DTOs inside Next.js: one route file, OpenAPI, a CLI.', 'Legacy decorators only; not on npm yet (install from a tarball); young, one codebase to trust.'],
];

/** The site's root: what the library is, a controller, its capabilities, how to start, and how it compares. */
export default function Home() {
  // HomeLayout is the page's <main>; the content is a <div> inside it.
  return (
    <HomeLayout {...baseOptions()}>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-12 px-6 py-12">
        <section className="flex flex-col gap-4">
          <h1 className="text-4xl font-semibold">next-app-controllers</h1>
          <p className="max-w-3xl text-lg text-fd-muted-foreground">
            Write the HTTP API of a Next.js App Router application as decorated controller classes: one catch-all route
            file, request bodies validated against class-validator DTOs (or Zod, Valibot and ArkType schemas) before your
            handler runs, and the OpenAPI document from the same decorators.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link href="/docs/getting-started" className="rounded-md bg-fd-primary px-4 py-2 text-fd-primary-foreground">
              Get started
            </Link>
            <Link href="/docs" className="rounded-md border px-4 py-2">
              Read the documentation
            </Link>
          </div>
        </section>

        <section className="grid gap-6 lg:grid-cols-2">
          <CodeBlock title="src/features/posts/controller.ts">
            <Pre className="px-4">{controllerSample()}</Pre>
          </CodeBlock>
          <div className="flex flex-col gap-3">
            <h2 className="text-2xl font-semibold">Two commands</h2>
            <CodeBlock title="Terminal">
              <Pre className="px-4">{'npx next-app-controllers new shop --swagger\nnpx next-app-controllers generate resource posts'}</Pre>
            </CodeBlock>
            <p className="text-sm text-fd-muted-foreground">
              A new App Router project, wired, with Swagger UI at /api-docs; then a whole resource (list, get, create,
              replace, update, delete) with its DTOs. Before the first release the package is not on npm: install it
              from a tarball, as <Link className="underline" href="/docs/getting-started">Getting started</Link> shows.
            </p>
          </div>
        </section>

        <section className="flex flex-col gap-4">
          <h2 className="text-2xl font-semibold">What it does</h2>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {CAPABILITIES.map((capability) => (
              <Link key={capability.href + capability.title} href={capability.href} className="rounded-lg border bg-fd-card p-4 transition-colors hover:bg-fd-accent">
                <h3 className="font-medium">{capability.title}</h3>
                <p className="text-sm text-fd-muted-foreground">{capability.text}</p>
              </Link>
            ))}
          </div>
        </section>

        <section className="flex flex-col gap-4">
          <h2 className="text-2xl font-semibold">How it compares</h2>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b">
                  <th className="p-2">Instead of</th>
                  <th className="p-2">What you get</th>
                  <th className="p-2">What it costs</th>
                </tr>
              </thead>
              <tbody>
                {COMPARISON.map(([name, gets, costs]) => (
                  <tr key={name} className="border-b align-top">
                    <td className="p-2 font-medium">{name}</td>
                    <td className="p-2">{gets}</td>
                    <td className="p-2">{costs}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-fd-muted-foreground">
            The trade-offs, plainly: decorators need TypeScript&apos;s <code>experimentalDecorators</code> and{' '}
            <code>emitDecoratorMetadata</code> (standard decorators have no parameter decorators, and no metadata for
            DTO types), and your build must keep them (Next.js&apos;s SWC does). The package is not published yet. There
            is no dependency injection: controllers are plain classes you construct.
          </p>
        </section>
      </div>
    </HomeLayout>
  );
}
