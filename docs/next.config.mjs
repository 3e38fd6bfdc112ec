import { createMDX } from 'fumadocs-mdx/next';

const withMDX = createMDX();

/** @type {import('next').NextConfig} */
const config = {
  // Plain files in docs/out/ that any static server can serve; search runs in the browser on an exported index.
  output: 'export',
  reactStrictMode: true,
  // The site is served from the root of out/; `trailingSlash: false` writes docs/guides/errors.html, which static
  // servers answer for /docs/guides/errors.
  images: { unoptimized: true },
};

export default withMDX(config);
