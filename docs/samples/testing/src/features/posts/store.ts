export interface PostRecord {
  id: string;
  title: string;
  content: string;
}

const items = new Map<string, PostRecord>();
let lastId = 0;

/** The posts, in memory: a stand-in for your database. */
export const posts = {
  list(limit: number): PostRecord[] {
    return [...items.values()].slice(0, limit);
  },
  get(id: string): PostRecord | undefined {
    return items.get(id);
  },
  add(fields: Omit<PostRecord, 'id'>): PostRecord {
    const post = { id: String(++lastId), ...fields };
    items.set(post.id, post);
    return post;
  },
  remove(id: string): boolean {
    return items.delete(id);
  },
  /** Empties the store and restarts the ids: tests call it before each test. */
  clear(): void {
    items.clear();
    lastId = 0;
  },
};
