import { clerkMiddleware } from '@clerk/nextjs/server';

// Next 16's proxy (middleware.ts before it): Clerk's auth() needs clerkMiddleware() to have run. It only makes the
// session readable: enforcement stays in the route (@Auth), where a proxy bypass (CVE-2025-29927) cannot skip it.
export default clerkMiddleware();

export const config = { matcher: ['/((?!_next|.*\\..*).*)', '/(api|trpc)(.*)'] };
