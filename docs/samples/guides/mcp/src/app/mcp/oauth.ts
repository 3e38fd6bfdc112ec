import { app } from '@/app';
import { mcpToken } from '@/lib/oauth';
import { createMcpHandler } from 'next-app-controllers';

// #region route
export const { GET, POST, DELETE } = createMcpHandler(app, {
  auth: { scheme: mcpToken, resource: 'https://api.example.com/mcp' },
});
// #endregion route
