/** The import graph of `dir`: each TypeScript file (relative to `dir`) to the files of `dir` it imports. */
export function importGraph(dir: string): Map<string, string[]>;
/** Each import cycle among the TypeScript files of `dir` as the sorted list of its files; none for a DAG. */
export function findImportCycles(dir: string): string[][];
