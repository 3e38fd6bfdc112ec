'use client';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api/client';

// In a browser, baseUrl is empty: the request goes to the page's own origin, over HTTP.
export function PostTitle({ id }: { id: string }) {
  const [title, setTitle] = useState<string>();
  useEffect(() => {
    api.GET('/api/posts/{id}', { params: { path: { id } } }).then(({ data }) => setTitle(data?.title));
  }, [id]);
  return <h2>{title ?? '…'}</h2>;
}
