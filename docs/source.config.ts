import { defineConfig, defineDocs } from 'fumadocs-mdx/config';
import { metaSchema, pageSchema } from 'fumadocs-core/source/schema';
import { remarkHideRegionMarkers } from './lib/remark-hide-region-markers.mjs';
import { remarkSampleLinks } from './lib/remark-sample-links.mjs';

export const docs = defineDocs({
  dir: 'content/docs',
  docs: { schema: pageSchema },
  meta: { schema: metaSchema },
});

export default defineConfig({
  mdxOptions: {
    // fumadocs-mdx runs its <include> plugin first; this one then drops `// #region` / `// #endregion` lines from
    // included code, which fumadocs-mdx leaves in when a whole file is included. The link under each include, for the
    // .mdx read raw, is not shown on the site.
    remarkPlugins: [remarkHideRegionMarkers, remarkSampleLinks],
  },
});
