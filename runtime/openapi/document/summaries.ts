/**
 * An operation's summary from its method's name when `@ApiOperation` gives none, as Swagger UI and Scalar show it
 * beside the path: `findOne` → "Find one", `listByAuthor` → "List by author", `get_all` → "Get all", `toCSV` →
 * "To CSV".
 */
export function summaryFromMethodName(name: string): string {
  const words = name
    .replace(/[_$\s-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((word, index) => (/^[A-Z\d]+$/.test(word) && word.length > 1 ? word : index === 0 ? word : word.toLowerCase()));
  if (words.length === 0) return name;
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return words.join(' ');
}
