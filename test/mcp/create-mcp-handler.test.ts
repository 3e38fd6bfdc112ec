import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min, MinLength, ValidateNested } from 'class-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ApiOperation,
  ApiResponse,
  ApiSecurity,
  Body,
  Controller,
  Delete,
  Form,
  Get,
  HttpCode,
  McpTool,
  Post,
  Put,
  Query,
  Sse,
  UnauthorizedError,
  Use,
  createApplication,
  createMcpHandler,
  type McpHandlers,
  type Middleware,
  type RouteContext,
} from '../../runtime/index';
import { mcpServer } from '../../runtime/mcp/server';
import { captureConsole } from '../runtime/helpers';

class McpAuthorDto {
  @IsString()
  name!: string;
}

class McpCreateNoteDto {
  @IsString()
  @MinLength(1)
  title!: string;

  @IsOptional()
  @IsString()
  text?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => McpAuthorDto)
  author?: McpAuthorDto;
}

class McpNoteDto {
  @IsString()
  id!: string;

  @IsString()
  title!: string;
}

class McpListQuery {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(50)
  @Type(() => Number)
  limit?: number;
}

const requireToken: Middleware = (context, next) => {
  if (context.request.headers.get('authorization') !== 'Bearer secret') throw new UnauthorizedError('A bearer token is required.');
  return next();
};

let notes: { id: string; title: string; text?: string }[] = [];

@Controller('/notes')
class NotesController {
  @McpTool()
  @ApiOperation({ summary: 'List notes', description: 'Newest last.' })
  @ApiResponse({ status: 200, type: McpNoteDto, isArray: true })
  @Get('')
  list(@Query(McpListQuery) query: McpListQuery) {
    return notes.slice(0, query.limit ?? 50);
  }

  @McpTool({ name: 'create_note', description: 'Adds a note.' })
  @ApiResponse({ status: 201, type: McpNoteDto })
  @HttpCode(201)
  @Post('')
  create(@Body(McpCreateNoteDto) body: McpCreateNoteDto) {
    const note = { id: String(notes.length + 1), title: body.title, text: body.text };
    notes.push(note);
    return note;
  }

  @McpTool()
  @ApiResponse({ status: 200, type: McpNoteDto })
  @Get('/:id')
  findOne(context: RouteContext) {
    return notes.find((note) => note.id === context.params.id) ?? context.json({ message: 'Note not found' }, { status: 404 });
  }

  @McpTool({ name: 'rename_note' })
  @Put('/:id')
  rename(context: RouteContext, @Body(McpNoteDto) body: McpNoteDto) {
    return { id: context.params.id, title: body.title, bodyId: body.id };
  }

  // Documented as needing a security scheme: the tools are described without the app's securitySchemes.
  @ApiSecurity('apiKey')
  @Delete('/:id')
  remove(context: RouteContext) {
    notes = notes.filter((note) => note.id !== context.params.id);
  }

  @McpTool({ name: 'whoami' })
  @Use(requireToken)
  @Get('/me/token')
  me(context: RouteContext) {
    return { cookie: context.request.headers.get('cookie'), other: context.request.headers.get('x-other') };
  }

  @Sse()
  @Get('/events/stream')
  async *events() {}
}

const app = createApplication({ controllers: [NotesController], basePath: '/mcp-api', validation: { whitelist: true, forbidNonWhitelisted: true } });

/** The SDK's own client, its HTTP requests answered by the route handlers in this process. */
async function connect(handlers: McpHandlers, headers: Record<string, string> = {}): Promise<Client> {
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const handler = handlers[request.method as keyof McpHandlers];
    return handler ? handler(request) : new Response(null, { status: 405 });
  };
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), { fetch, requestInit: { headers } }));
  return client;
}

const handlers = createMcpHandler(app);
const mcp = suite('createMcpHandler');

mcp.before.each(() => {
  notes = [];
});

mcp('lists exactly the marked routes, named by their operationId or @McpTool, described by @ApiOperation or @McpTool', async () => {
  const client = await connect(handlers);
  const { tools } = await client.listTools();
  assert.equal(
    tools.map((tool) => [tool.name, tool.description]),
    [
      ['NotesController_list', 'List notes\n\nNewest last.'],
      ['create_note', 'Adds a note.'],
      ['NotesController_findOne', undefined],
      ['rename_note', undefined],
      ['whoami', undefined],
    ],
  );
  assert.equal(tools[0].annotations, { readOnlyHint: true });
  assert.is(tools[1].annotations, undefined);
});

mcp("a tool's input schema is its path parameters, query and body in one object, the body's required fields and :id required, $refs resolved", async () => {
  const { tools } = await (await connect(handlers)).listTools();
  const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
  const create = byName.create_note.inputSchema;
  assert.equal(create.required, ['title']);
  assert.equal(Object.keys(create.properties!), ['title', 'text', 'author']);
  assert.equal((create.properties!.author as { type: string; properties: object }).type, 'object');
  assert.not.match(JSON.stringify(create), '$ref');
  assert.equal(byName.NotesController_findOne.inputSchema, { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] });
  const list = byName.NotesController_list.inputSchema;
  assert.equal(Object.keys(list.properties!), ['limit']);
  assert.is(list.required, undefined);
});

mcp("a body field named like a path parameter puts the body under `body`; the output schema is the 2xx type's, { result } for an array", async () => {
  const { tools } = await (await connect(handlers)).listTools();
  const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
  assert.equal(byName.rename_note.inputSchema.required, ['id', 'body']);
  assert.equal(Object.keys((byName.rename_note.inputSchema.properties!.body as { properties: object }).properties), ['id', 'title']);
  assert.equal(byName.create_note.outputSchema!.required, ['id', 'title']);
  assert.equal(Object.keys(byName.NotesController_list.outputSchema!.properties!), ['result']);
  assert.is(byName.whoami.outputSchema, undefined);
});

mcp('calling the create tool then the list tool shows the new item, as text and as structuredContent', async () => {
  const client = await connect(handlers);
  const created = await client.callTool({ name: 'create_note', arguments: { title: 'Hello', text: 'World' } });
  assert.is(created.isError, undefined);
  assert.equal(created.structuredContent, { id: '1', title: 'Hello' });
  assert.equal(JSON.parse((created.content as { text: string }[])[0].text), { id: '1', title: 'Hello' });
  const listed = await client.callTool({ name: 'NotesController_list', arguments: { limit: 10 } });
  assert.equal(listed.structuredContent, { result: [{ id: '1', title: 'Hello' }] });
  const one = await client.callTool({ name: 'NotesController_findOne', arguments: { id: '1' } });
  assert.equal(one.structuredContent, { id: '1', title: 'Hello' });
});

mcp('a call runs through validation: an invalid body is an error result carrying the 422 body, which names the field', async () => {
  const client = await connect(handlers);
  const result = await client.callTool({ name: 'create_note', arguments: { title: '', extra: 1 } });
  assert.is(result.isError, true);
  assert.is(result.structuredContent, undefined);
  const body = JSON.parse((result.content as { text: string }[])[0].text) as { statusCode: number; errors: { field: string }[] };
  assert.is(body.statusCode, 422);
  assert.equal(body.errors.map((error) => error.field).sort(), ['extra', 'title']);
  const query = await client.callTool({ name: 'NotesController_list', arguments: { limit: 500 } });
  assert.is(query.isError, true);
  assert.match((query.content as { text: string }[])[0].text, '"field":"limit"');
});

mcp('a 404 from the handler is an error result with its body; a missing path parameter is named', async () => {
  const client = await connect(handlers);
  const missing = await client.callTool({ name: 'NotesController_findOne', arguments: { id: '99' } });
  assert.is(missing.isError, true);
  assert.equal(JSON.parse((missing.content as { text: string }[])[0].text), { message: 'Note not found' });
  const noId = await client.callTool({ name: 'NotesController_findOne', arguments: {} });
  assert.is(noId.isError, true);
  assert.is((noId.content as { text: string }[])[0].text, 'The argument "id" is required: it is the path parameter :id.');
});

mcp("the MCP request's Authorization and Cookie reach the route's middleware; other headers do not", async () => {
  const anonymous = await (await connect(handlers)).callTool({ name: 'whoami', arguments: {} });
  assert.is(anonymous.isError, true);
  assert.match((anonymous.content as { text: string }[])[0].text, 'A bearer token is required.');
  const client = await connect(handlers, { authorization: 'Bearer secret', cookie: 'session=1', 'x-other': 'no' });
  const signedIn = await client.callTool({ name: 'whoami', arguments: {} });
  assert.is(signedIn.isError, undefined);
  assert.equal(signedIn.structuredContent, { cookie: 'session=1', other: null });
  const passing = await connect(createMcpHandler(app, { headers: ['authorization', 'x-other'] }), { authorization: 'Bearer secret', 'x-other': 'yes' });
  assert.equal((await passing.callTool({ name: 'whoami', arguments: {} })).structuredContent, { cookie: null, other: 'yes' });
});

mcp('a route that is not marked is not a tool and cannot be called', async () => {
  const client = await connect(handlers);
  notes = [{ id: '1', title: 'Keep' }];
  try {
    await client.callTool({ name: 'NotesController_remove', arguments: { id: '1' } });
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, 'Unknown tool: NotesController_remove');
  }
  assert.equal(notes, [{ id: '1', title: 'Keep' }]);
});

mcp("tools: 'all' lists every route a tool can call, and leaves out @Sse", async () => {
  const { tools } = await (await connect(createMcpHandler(app, { tools: 'all' }))).listTools();
  assert.equal(tools.map((tool) => tool.name), ['NotesController_list', 'create_note', 'NotesController_findOne', 'rename_note', 'NotesController_remove', 'whoami']);
});

mcp('the server names itself and gives its instructions', async () => {
  const client = await connect(createMcpHandler(app, { name: 'notes', version: '2.0.0', instructions: 'Be kind.' }));
  assert.equal(client.getServerVersion(), { name: 'notes', version: '2.0.0' });
  assert.is(client.getInstructions(), 'Be kind.');
});

mcp('GET and DELETE answer 405 with Allow: POST (a stateless server has no stream or session)', async () => {
  for (const method of ['GET', 'DELETE'] as const) {
    const response = await handlers[method](new Request('http://localhost/mcp', { method, headers: { accept: 'text/event-stream' } }));
    assert.is(response.status, 405);
    assert.is(response.headers.get('allow'), 'POST');
  }
});

mcp('without @modelcontextprotocol/sdk the handler answers 500 with a JSON-RPC error naming the package, logged once', async () => {
  const handle = mcpServer(app, {}, () => Promise.reject(new Error("Cannot find module '@modelcontextprotocol/sdk/server/index.js'")));
  let responses: Response[] = [];
  const printed = await captureConsole(async () => {
    responses = [await handle(new Request('http://localhost/mcp', { method: 'POST', body: '{}' })), await handle(new Request('http://localhost/mcp', { method: 'GET' }))];
  });
  for (const response of responses) {
    assert.is(response.status, 500);
    const body = (await response.json()) as { error: { code: number; message: string } };
    assert.is(body.error.code, -32603);
    assert.is(
      body.error.message,
      'The MCP handler serves MCP with @modelcontextprotocol/sdk, which is not installed. Install it with zod, its peer (npm install @modelcontextprotocol/sdk zod), or run `next-app-controllers init --mcp`.',
    );
  }
  assert.is(printed.error.length, 1);
});

mcp('a marked route a tool cannot call is an error naming it, answered to every request', async () => {
  @Controller('/uploads')
  class UploadsController {
    @McpTool()
    @Post('')
    upload(@Form(McpAuthorDto) form: McpAuthorDto) {
      return form;
    }
  }
  const other = createApplication({ controllers: [UploadsController], basePath: '/mcp-forms' });
  let response: Response | undefined;
  await captureConsole(async () => {
    response = await createMcpHandler(other).POST(new Request('http://localhost/mcp', { method: 'POST', body: '{}' }));
  });
  assert.is(response!.status, 500);
  assert.match(
    ((await response!.json()) as { error: { message: string } }).error.message,
    '@McpTool on UploadsController.upload: a @Form route cannot be a tool: its fields and files are not JSON arguments.',
  );
});

mcp('a DTO that contains itself goes to the schema\'s $defs once; an empty 2xx body is an empty text', async () => {
  class McpReplyDto {
    @IsString()
    text!: string;

    @IsOptional()
    @ValidateNested({ each: true })
    @Type(() => McpReplyDto)
    replies?: McpReplyDto[];
  }
  @Controller('/threads')
  class ThreadsController {
    @McpTool({ name: 'reply' })
    @HttpCode(204)
    @Post('')
    reply(@Body(McpReplyDto) _body: McpReplyDto) {}
  }
  const threads = createApplication({ controllers: [ThreadsController], basePath: '/mcp-threads' });
  const client = await connect(createMcpHandler(threads));
  const [tool] = (await client.listTools()).tools;
  const schema = tool.inputSchema as unknown as { properties: { replies: { items: unknown } }; $defs: Record<string, { properties: object }> };
  assert.equal(schema.properties.replies.items, { $ref: '#/$defs/McpReplyDto' });
  assert.equal(Object.keys(schema.$defs), ['McpReplyDto']);
  assert.equal(Object.keys(schema.$defs.McpReplyDto.properties), ['text', 'replies']);
  assert.not.match(JSON.stringify(schema), '#/components/');
  const result = await client.callTool({ name: 'reply', arguments: { text: 'hi', replies: [{ text: 'yo' }] } });
  assert.equal(result.content, [{ type: 'text', text: '' }]);
  assert.is(result.isError, undefined);
});

mcp('createMcpHandler(app) checks its argument when the chunk loads', async () => {
  try {
    await createMcpHandler({} as never).POST(new Request('http://localhost/mcp', { method: 'POST' }));
    assert.unreachable();
  } catch (error) {
    assert.is((error as Error).message, 'createMcpHandler(app) takes the application createApplication returns.');
  }
});

mcp.run();
