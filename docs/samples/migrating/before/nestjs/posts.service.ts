import { Injectable } from '@nestjs/common';

export interface PostRecord {
  id: string;
  title: string;
  content: string;
  authorId: string;
}

@Injectable()
export class PostsService {
  private readonly items = new Map<string, PostRecord>();

  list(limit: number): PostRecord[] {
    return [...this.items.values()].slice(0, limit);
  }

  find(id: string): PostRecord | undefined {
    return this.items.get(id);
  }

  create(fields: Omit<PostRecord, 'id'>): PostRecord {
    const post = { id: String(this.items.size + 1), ...fields };
    this.items.set(post.id, post);
    return post;
  }
}
