import { handlers } from '../../../../auth';

// Auth.js's handler under /api/auth/*, beside src/app/api/[[...route]]/route.ts: the more specific file wins.
export const { GET, POST } = handlers;
