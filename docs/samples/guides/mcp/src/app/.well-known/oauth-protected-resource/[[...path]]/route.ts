import { app } from '@/app';
import { createProtectedResourceMetadataHandler } from 'next-app-controllers';

export const { GET } = createProtectedResourceMetadataHandler(app, {
  resource: 'https://api.example.com/mcp',
  authorizationServers: ['https://login.example.com/'],
});
