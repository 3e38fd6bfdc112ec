import { app } from '@/app';
import { createMcpHandler } from 'next-app-controllers';

export const { GET, POST, DELETE } = createMcpHandler(app);
