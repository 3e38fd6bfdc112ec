import { toNextJsHandler } from 'better-auth/next-js';
import { auth } from '../../../../lib/auth';

// Better Auth's handler (sign-up, sign-in, sign-out under /api/auth/*), beside the library's
// src/app/api/[[...route]]/route.ts: Next picks the more specific file, so these paths never reach the application.
// Keep your controllers off /api/auth.
export const { GET, POST } = toNextJsHandler(auth);
