import { app } from '@/app';
import { createMcpHandler } from 'next-app-controllers';

// MCP over Streamable HTTP: the routes marked @McpTool() are the tools an agent lists and calls, each call answered by
// the route in this process (its middleware and validation apply). Authorization and Cookie are passed on.
export const { GET, POST, DELETE } = createMcpHandler(app, { name: 'next-app-controllers-example' });
