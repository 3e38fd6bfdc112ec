import NextAuth from 'next-auth';
import GitHub from 'next-auth/providers/github';

// Auth.js v5's configuration (AUTH_SECRET, AUTH_GITHUB_ID and AUTH_GITHUB_SECRET from the environment).
export const { handlers, auth } = NextAuth({ providers: [GitHub] });
