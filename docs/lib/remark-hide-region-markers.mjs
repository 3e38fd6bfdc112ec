// `<include>` (fumadocs-mdx's remark-include, which runs before every other remark plugin) shows only the part of a
// file between `// #region name` and `// #endregion name` for `file.ts#name`, without the marker lines. Included
// whole, the file keeps the marker lines of its regions: this plugin removes them from every code block, so a reader
// never sees them.

/** A `// #region name` or `// #endregion name` line. */
export const REGION_MARKER = /^\s*\/\/\s*#(?:end)?region\b.*$/;

/** The code without its region marker lines. */
export function hideRegionMarkers(code) {
  if (!code.includes('region')) return code;
  return code
    .split('\n')
    .filter((line) => !REGION_MARKER.test(line))
    .join('\n');
}

export function remarkHideRegionMarkers() {
  const walk = (node) => {
    if (node.type === 'code' && typeof node.value === 'string') node.value = hideRegionMarkers(node.value);
    if (Array.isArray(node.children)) node.children.forEach(walk);
  };
  return (tree) => walk(tree);
}
