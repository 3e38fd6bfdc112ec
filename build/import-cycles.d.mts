/**
 * The import graph of `dir`: each TypeScript file (relative to `dir`) to the files of `dir` it imports; with
 * `folders`, only the files of those folders of `dir` and the imports between them.
 */
export function importGraph(dir: string, folders?: string[]): Map<string, string[]>;
/** Each import cycle among the TypeScript files of `dir` (or of its `folders`) as the sorted list of its files; none for a DAG. */
export function findImportCycles(dir: string, folders?: string[]): string[][];
