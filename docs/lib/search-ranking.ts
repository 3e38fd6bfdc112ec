// Search ranking (issue 44): "auth" listed Migrating and `AuthorCountDto` above the Authentication guide, "404" the
// example's API table cells. Orama ranks by term frequency alone; this puts a page whose title (or one of the words
// below) matches the query first, then pages with a matching heading, and within each, guides before the generated
// reference and the example's API. Used by app/api/search/route.ts (the words go into the index) and
// components/search.tsx (the order).

/** Words people search for that a page's title and headings do not say; they rank like its title. */
export const SEARCH_KEYWORDS: Record<string, string[]> = {
  '/docs/guides/authentication': ['auth', 'bearer', 'token', 'jwt', 'login', 'session', '401', '403'],
  '/docs/guides/openapi': ['swagger', 'openapi', 'api docs', 'documentation'],
  '/docs/guides/errors': ['404', 'not found', '405', 'exception', 'problem details'],
  '/docs/guides/inputs': ['pagination', 'paginate', 'limit', 'offset', 'query string', 'validation'],
  '/docs/guides/schemas': ['zod', 'valibot', 'arktype'],
  '/docs/guides/production': ['rate limit', 'etag', 'cache', 'csrf', 'tracing', 'opentelemetry'],
  '/docs/guides/docs-ui': ['scalar'],
  '/docs/guides/forms': ['upload', 'multipart', 'file'],
  '/docs/guides/streams': ['sse', 'server-sent events', 'download'],
  '/docs/guides/cli': ['generate', 'scaffold', 'init', 'new'],
  '/docs/testing': ['vitest', 'uvu', 'test'],
};

/** A result of Fumadocs' search: a page, or a heading or text of the page listed before it. */
export interface RankedItem {
  id: string;
  url: string;
  type: 'page' | 'heading' | 'text';
  content: unknown;
}

const pathOf = (url: string) => url.split('#')[0];

/** Hand-written pages first, then Migrating and Contributing, the reference, and the example's API last. */
function sectionRank(url: string): number {
  const path = pathOf(url);
  if (path.startsWith('/docs/example-api')) return 3;
  if (path.startsWith('/docs/reference')) return 2;
  if (path === '/docs/migrating' || path === '/docs/contributing') return 1;
  return 0;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(textOf).join('');
  if (content && typeof content === 'object' && 'props' in content) return textOf((content as { props: { children?: unknown } }).props.children);
  return '';
}

function matches(text: string, words: string[]): boolean {
  const lower = text.toLowerCase();
  return words.every((word) => lower.includes(word));
}

/** Results grouped by page (a page and the headings and texts after it), the groups sorted; a stable sort otherwise. */
export function rankResults<T extends RankedItem>(query: string, items: readonly T[]): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  const groups: T[][] = [];
  for (const item of items) {
    if (item.type === 'page' || groups.length === 0) groups.push([item]);
    else groups[groups.length - 1].push(item);
  }
  const score = (group: T[]) => {
    const [first] = group;
    const keywords = SEARCH_KEYWORDS[pathOf(first.url)] ?? [];
    const byTitle = (first.type === 'page' && matches(textOf(first.content), words)) || keywords.some((keyword) => matches(keyword, words));
    const byHeading = group.some((item) => item.type === 'heading' && matches(textOf(item.content), words));
    return (byTitle ? 0 : byHeading ? 10 : 20) + sectionRank(first.url);
  };
  return groups
    .map((group, index) => ({ group, index, score: score(group) }))
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .flatMap(({ group }) => group);
}
