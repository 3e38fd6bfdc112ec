import { createMDX } from 'fumadocs-mdx/next';

const withMDX = createMDX();

/** @type {import('next').NextConfig} */
const config = {
  // Plain files in docs/out/ that any static server can serve; search runs in the browser on an exported index.
  output: 'export',
  reactStrictMode: true,
  // Every page is a folder's index.html (docs/guides/errors/index.html), which every static host serves for
  // /docs/guides/errors (redirecting to the slash). Without it, docs/getting-started.html sat beside a
  // docs/getting-started/ folder of Next's payloads, and a plain server (python3 -m http.server) listed that folder.
  trailingSlash: true,
  images: { unoptimized: true },
};

export default withMDX(config);
