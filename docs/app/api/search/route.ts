import { createFromSource } from 'fumadocs-core/search/server';
import { source } from '@/lib/source';
import { SEARCH_KEYWORDS } from '@/lib/search-ranking';

// Exported once at build time (out/api/search): components/search.tsx loads it and searches in the browser.
export const revalidate = false;

type Page = ReturnType<typeof source.getPages>[number];
type StructuredData = { headings: { id: string; content: string }[]; contents: { heading: string | undefined; content: string }[] };

export const { staticGET: GET } = createFromSource(source, {
  language: 'english',
  // Each page as Fumadocs indexes it, with two changes: the words people search for (lib/search-ranking.ts) as one
  // more text of the page, and the example's API pages reduced to their title and headings, so that their table cells
  // ("404", "string") do not fill the results.
  buildIndex: async (page: Page) => {
    const data = page.data as unknown as { title: string; description?: string; structuredData?: StructuredData; load?: () => Promise<{ structuredData: StructuredData }> };
    const structured = data.structuredData ?? (await data.load?.())?.structuredData ?? { headings: [], contents: [] };
    const keywords = SEARCH_KEYWORDS[page.url] ?? [];
    const exampleApi = page.url.startsWith('/docs/example-api');
    return {
      id: page.url,
      url: page.url,
      title: data.title,
      description: data.description,
      structuredData: {
        headings: structured.headings,
        contents: [...(exampleApi ? [] : structured.contents), ...(keywords.length > 0 ? [{ heading: undefined, content: keywords.join(', ') }] : [])],
      },
    };
  },
});
