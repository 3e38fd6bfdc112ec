import type { Metadata } from 'next';
import type { ReactNode } from 'react';

export const metadata: Metadata = {
  title: 'next-app-controllers example',
  description: 'Decorated controllers behind one catch-all route, with OpenAPI and Swagger UI',
};

// No next/font: create-next-app's Google fonts are fetched at build time, which fails on a machine without internet.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: '2rem', lineHeight: 1.5 }}>{children}</body>
    </html>
  );
}
