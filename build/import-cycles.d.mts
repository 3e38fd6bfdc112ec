/**
 * The import graph of `dir`: each TypeScript file (relative to `dir`) to the files of `dir` it imports; with
 * `folders`, only the files of those folders of `dir` and the imports between them.
 */
export function importGraph(dir: string, folders?: string[]): Map<string, string[]>;
/** Each import cycle among the TypeScript files of `dir` (or of its `folders`) as the sorted list of its files; none for a DAG. */
export function findImportCycles(dir: string, folders?: string[]): string[][];
/**
 * The folder ("room") graph of `dir`: each file's first folder under `dir` is its room, a top-level file a room of
 * its own; imports inside a room are left out.
 */
export function folderGraph(dir: string, folders?: string[]): Map<string, string[]>;
/** Each cycle between the rooms of `dir` (see `folderGraph`) as the sorted list of its rooms; none when layered. */
export function findFolderCycles(dir: string, folders?: string[]): string[][];
/** The edges of the folder graph that lie on a cycle, each as `from -> to`, sorted. */
export function folderCycleEdges(dir: string, folders?: string[]): string[];
