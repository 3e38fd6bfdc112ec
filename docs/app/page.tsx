import Link from 'next/link';

/** The site's root: the documentation starts at /docs. */
export default function Home() {
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-semibold">next-app-controllers</h1>
      <p className="text-fd-muted-foreground">Decorated controller classes for the Next.js App Router.</p>
      <Link href="/docs" className="rounded-md bg-fd-primary px-4 py-2 text-fd-primary-foreground">
        Read the documentation
      </Link>
    </main>
  );
}
