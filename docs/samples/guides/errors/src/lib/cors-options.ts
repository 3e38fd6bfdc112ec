import type { CorsOptions } from 'next-app-controllers/proxy';

// Imported by src/app.ts (app.use(cors(corsOptions))) and by src/proxy.ts (rejectMalformedPath), which must not
// import the controllers.
export const corsOptions: CorsOptions = { origin: ['https://app.example.com'], credentials: true };
