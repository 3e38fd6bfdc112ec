import { DocsLayout } from 'fumadocs-ui/layouts/docs';
import Link from 'next/link';
import { baseOptions } from '@/lib/layout.shared';
import { source } from '@/lib/source';

/** 404.html of the static export: the site's navigation (sidebar, search) around a way back. */
export default function NotFound() {
  return (
    <DocsLayout tree={source.getPageTree()} {...baseOptions()}>
      <main className="flex flex-1 flex-col gap-4 p-8">
        <h1 className="text-3xl font-semibold">Page not found</h1>
        <p className="text-fd-muted-foreground">
          There is no page at this address. Search the documentation (Ctrl K), or start from one of these:
        </p>
        <ul className="list-disc pl-6">
          <li>
            <Link className="underline" href="/docs">Introduction</Link>
          </li>
          <li>
            <Link className="underline" href="/docs/getting-started">Getting started</Link>
          </li>
          <li>
            <Link className="underline" href="/docs/guides/routing">Guides</Link>
          </li>
          <li>
            <Link className="underline" href="/docs/reference">Reference</Link>
          </li>
        </ul>
      </main>
    </DocsLayout>
  );
}
