import { app } from '@/app';

// The whole API on the Edge runtime, DTO validation included. The two docs routes stay on Node.js.
export const runtime = 'edge';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = app.handlers;
