import { app } from '@/app';
import { createMcpHandler } from 'next-app-controllers';

// #region options
export const { GET, POST, DELETE } = createMcpHandler(app, {
  tools: 'all', // every route a tool can call, not only the @McpTool ones
  name: 'blog', // the server's name and version in MCP's initialize answer
  version: '2.0.0',
  instructions: 'Posts of the team blog. Never create a post without asking.',
  headers: ['authorization', 'cookie', 'x-api-key'], // the MCP request's headers each tool call passes on
});
// #endregion options
