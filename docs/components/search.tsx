'use client';
import {
  SearchDialog,
  SearchDialogClose,
  SearchDialogContent,
  SearchDialogHeader,
  SearchDialogIcon,
  SearchDialogInput,
  SearchDialogList,
  SearchDialogListItem,
  SearchDialogOverlay,
  type SharedProps,
} from 'fumadocs-ui/components/dialog/search';
import { useDocsSearch } from 'fumadocs-core/search/client';
import { staticClient } from 'fumadocs-core/search/client/orama-static';
import { useMemo, type ComponentProps } from 'react';
import { rankResults } from '@/lib/search-ranking';

// The index exported at build time by app/api/search/route.ts (out/api/search): the search runs in the browser, so it
// works on the static files with no server behind them.
const client = staticClient({ from: '/api/search' });

/** A result, with the page it opens as `data-url` (the browser test reads it; a result is a button, not a link). */
function ResultItem(props: ComponentProps<typeof SearchDialogListItem>) {
  return <SearchDialogListItem {...props} data-url={'url' in props.item ? props.item.url : undefined} />;
}

export default function StaticSearchDialog(props: SharedProps) {
  const { search, setSearch, query } = useDocsSearch({ client });
  // Orama's order, regrouped: title and keyword matches first, guides before the reference (lib/search-ranking.ts).
  const items = useMemo(() => (query.data && query.data !== 'empty' ? rankResults(search, query.data) : null), [query.data, search]);
  return (
    <SearchDialog search={search} onSearchChange={setSearch} isLoading={query.isLoading} {...props}>
      <SearchDialogOverlay />
      <SearchDialogContent>
        <SearchDialogHeader>
          <SearchDialogIcon />
          <SearchDialogInput />
          <SearchDialogClose />
        </SearchDialogHeader>
        <SearchDialogList items={items} Item={ResultItem} />
      </SearchDialogContent>
    </SearchDialog>
  );
}
