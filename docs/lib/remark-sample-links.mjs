// Under each `<include>` a page links its sample file (`[docs/samples/…](../../samples/…)`), for whoever reads the
// .mdx where it is not built (GitHub's file view), where the include shows no code (docs/scripts/check-samples.mjs
// requires the link). The site shows the code itself, under its title, and has no page at that path: this plugin
// drops those paragraphs from the pages it builds.

/** A paragraph that is only a link whose text is a path under docs/samples/. */
export function isSampleLink(node) {
  if (node.type !== 'paragraph' || node.children?.length !== 1) return false;
  const [link] = node.children;
  return link.type === 'link' && link.children?.length === 1 && /^docs\/samples\/\S+$/.test(link.children[0].value ?? '');
}

export function remarkSampleLinks() {
  const walk = (node) => {
    if (!Array.isArray(node.children)) return;
    node.children = node.children.filter((child) => !isSampleLink(child));
    node.children.forEach(walk);
  };
  return (tree) => walk(tree);
}
