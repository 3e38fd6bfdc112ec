// A script in the role of an agent: the official SDK's client, over Streamable HTTP.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

// #region client
const client = new Client({ name: 'my-agent', version: '1.0.0' });
const transport = new StreamableHTTPClientTransport(new URL('http://localhost:3000/mcp'), {
  requestInit: { headers: { authorization: `Bearer ${process.env.API_TOKEN}` } },
});
await client.connect(transport);

const { tools } = await client.listTools(); // PostsController_list, PostsController_findOne, create_post
const created = await client.callTool({ name: 'create_post', arguments: { title: 'Hello', content: 'From an agent' } });
console.log(tools.map((tool) => tool.name), created.structuredContent); // { id: '1', title: 'Hello', content: 'From an agent' }

const invalid = await client.callTool({ name: 'create_post', arguments: { title: '' } });
console.log(invalid.isError, invalid.content); // true, the 422 body naming title and content
await client.close();
// #endregion client
