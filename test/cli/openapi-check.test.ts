import { mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compareDocuments } from '../../generators/document/diff';
import { BIN, REPO_ROOT, cleanup, read, tempProject, write } from './helpers';
import { exec } from './processes';

// Issue 37: `openapi --check` words each difference as breaking or not, exits 1 only on a breaking one (any one with
// --strict), and prints the result as JSON with --format json. Each kind of the table both ways, through the built CLI
// in a child process on a temp project, as CI runs it.

async function cli(dir: string, ...args: string[]) {
  return exec(process.execPath, [BIN, ...args], { cwd: dir, timeout: 60_000 });
}

function put(dir: string, file: string, text: string): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  write(dir, file, text);
}

const DTO = `import { IsIn, IsInt, IsNumber, IsOptional, IsString } from 'class-validator';

export class CreateTaskDto {
  @IsString()
  title!: string;

  @IsOptional()
  @IsIn(['low', 'high'])
  priority?: string;

  @IsOptional()
  @IsNumber()
  estimate?: number;
}

export class ListTasksQuery {
  @IsOptional()
  @IsInt()
  limit?: number;
}

export class TaskDto {
  @IsString()
  id!: string;

  @IsString()
  title!: string;

  @IsOptional()
  @IsString()
  note?: string;
}
`;

const CONTROLLER = `import { ApiResponse, Body, Controller, Delete, Get, Post, Query, type RouteContext } from 'next-app-controllers';
import { CreateTaskDto, ListTasksQuery, TaskDto } from './dto';

@Controller('/tasks')
export class TasksController {
  @Get('')
  @ApiResponse({ status: 200, type: TaskDto, isArray: true })
  list(@Query(ListTasksQuery) query: ListTasksQuery) {
    return [];
  }

  @Post('')
  @ApiResponse({ status: 201, type: TaskDto })
  create(@Body(CreateTaskDto) body: CreateTaskDto) {
    return { id: '1', title: body.title };
  }

  @Delete('/:id')
  remove(context: RouteContext) {
    return { removed: context.params.id };
  }
}
`;

const APP = `import { createApplication } from 'next-app-controllers';
import { TasksController } from './features/tasks/controller';

export const app = createApplication({ controllers: [TasksController] });
`;

/** A project whose openapi.json is committed from DTO and CONTROLLER: each case changes one of them, then checks. */
async function committedProject(): Promise<string> {
  const dir = tempProject('src');
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  write(dir, 'tsconfig.json', read(dir, 'tsconfig.json').replace('"strict": true,', '"strict": true,\n    "experimentalDecorators": true,\n    "emitDecoratorMetadata": true,'));
  put(dir, 'src/features/tasks/dto.ts', DTO);
  put(dir, 'src/features/tasks/controller.ts', CONTROLLER);
  put(dir, 'src/app.ts', APP);
  const written = await cli(dir, 'openapi');
  assert.is(written.code, 0, written.output);
  return dir;
}

interface Case {
  name: string;
  dto?: (text: string) => string;
  controller?: (text: string) => string;
  breaking: boolean;
  line: string;
}

const replace = (from: string, to: string) => (text: string) => {
  assert.ok(text.includes(from), `the fixture has ${from}`);
  return text.replace(from, to);
};

// The table: each kind of breaking change, and its counterpart that breaks nothing.
const CASES: Case[] = [
  {
    name: 'a removed operation',
    controller: replace("  @Delete('/:id')\n  remove(context: RouteContext) {\n    return { removed: context.params.id };\n  }\n", ''),
    breaking: true,
    line: 'breaking: operation removed: DELETE /api/tasks/{id}',
  },
  {
    name: 'an added operation',
    controller: replace("  @Delete('/:id')", "  @Get('/:id')\n  findOne(context: RouteContext) {\n    return { id: context.params.id };\n  }\n\n  @Delete('/:id')"),
    breaking: false,
    line: 'not breaking: operation added: GET /api/tasks/{id}',
  },
  {
    name: 'a new required request field',
    dto: replace('  title!: string;\n\n  @IsOptional()\n  @IsIn', '  title!: string;\n\n  @IsString()\n  owner!: string;\n\n  @IsOptional()\n  @IsIn'),
    breaking: true,
    line: 'breaking: request field added, required: CreateTaskDto.owner',
  },
  {
    name: 'a new optional request field',
    dto: replace('  title!: string;\n\n  @IsOptional()\n  @IsIn', '  title!: string;\n\n  @IsOptional()\n  @IsString()\n  owner?: string;\n\n  @IsOptional()\n  @IsIn'),
    breaking: false,
    line: 'not breaking: request field added, optional: CreateTaskDto.owner',
  },
  {
    name: 'a new required parameter',
    dto: replace('export class ListTasksQuery {\n', "export class ListTasksQuery {\n  @IsString()\n  project!: string;\n\n"),
    breaking: true,
    line: 'breaking: parameter added, required: query project (GET /api/tasks)',
  },
  {
    name: 'a new optional parameter',
    dto: replace('export class ListTasksQuery {\n', "export class ListTasksQuery {\n  @IsOptional()\n  @IsString()\n  project?: string;\n\n"),
    breaking: false,
    line: 'not breaking: parameter added, optional: query project (GET /api/tasks)',
  },
  {
    name: 'a removed query parameter',
    dto: replace('export class ListTasksQuery {\n  @IsOptional()\n  @IsInt()\n  limit?: number;\n}', 'export class ListTasksQuery {}'),
    breaking: true,
    line: 'breaking: parameter removed: query limit (GET /api/tasks)',
  },
  {
    name: 'a renamed query parameter (a removal and an addition)',
    dto: replace('  @IsInt()\n  limit?: number;', '  @IsInt()\n  max?: number;'),
    breaking: true,
    line: 'breaking: parameter removed: query limit (GET /api/tasks)',
  },
  {
    name: 'a removed response field',
    dto: replace('  @IsOptional()\n  @IsString()\n  note?: string;\n', ''),
    breaking: true,
    line: 'breaking: response field removed: TaskDto.note',
  },
  {
    name: 'an added response field',
    dto: replace('  note?: string;\n', '  note?: string;\n\n  @IsString()\n  createdBy!: string;\n'),
    breaking: false,
    line: 'not breaking: response field added, required: TaskDto.createdBy',
  },
  {
    name: 'a narrowed response field (no longer required)',
    dto: replace('  @IsString()\n  title!: string;\n\n  @IsOptional()\n  @IsString()\n  note', '  @IsOptional()\n  @IsString()\n  title!: string;\n\n  @IsOptional()\n  @IsString()\n  note'),
    breaking: true,
    line: 'breaking: response field no longer required: TaskDto.title',
  },
  {
    name: 'a response field made required',
    dto: replace('  @IsOptional()\n  @IsString()\n  note?: string;', '  @IsString()\n  note!: string;'),
    breaking: false,
    line: 'not breaking: response field now required: TaskDto.note',
  },
  {
    name: 'an enum narrowed on input',
    dto: replace("@IsIn(['low', 'high'])", "@IsIn(['high'])"),
    breaking: true,
    line: 'breaking: request enum narrowed: CreateTaskDto.priority (no longer accepts "low")',
  },
  {
    name: 'an enum widened on input',
    dto: replace("@IsIn(['low', 'high'])", "@IsIn(['low', 'high', 'urgent'])"),
    breaking: false,
    line: 'not breaking: request enum widened: CreateTaskDto.priority (also accepts "urgent")',
  },
  {
    name: 'a type narrowed on input',
    dto: replace('  @IsNumber()\n  estimate', '  @IsInt()\n  estimate'),
    breaking: true,
    line: 'breaking: request type narrowed: CreateTaskDto.estimate (number → integer)',
  },
  {
    name: 'a type widened on input',
    dto: replace('  @IsInt()\n  limit', '  @IsNumber()\n  limit'),
    breaking: false,
    line: 'not breaking: request type widened: GET /api/tasks query limit (integer → number)',
  },
  {
    name: 'a removed status',
    controller: replace("  @ApiResponse({ status: 201, type: TaskDto })\n", "  @ApiResponse({ status: 200, type: TaskDto })\n"),
    breaking: true,
    line: 'breaking: response removed: 201 (POST /api/tasks)',
  },
  {
    name: 'an added status',
    controller: replace("  @ApiResponse({ status: 201, type: TaskDto })\n", "  @ApiResponse({ status: 201, type: TaskDto })\n  @ApiResponse({ status: 409, description: 'A task with that title exists' })\n"),
    breaking: false,
    line: 'not breaking: response added: 409 (POST /api/tasks)',
  },
];

const table = suite('openapi --check: the breaking-change table, each kind both ways');
let project: string | undefined;
table.before(async () => {
  project = await committedProject();
});
table.after(cleanup);

for (const change of CASES) {
  table(`${change.name}: ${change.breaking ? 'breaking, exit 1' : 'not breaking, exit 0'}`, async () => {
    const dir = project!;
    write(dir, 'src/features/tasks/dto.ts', change.dto ? change.dto(DTO) : DTO);
    write(dir, 'src/features/tasks/controller.ts', change.controller ? change.controller(CONTROLLER) : CONTROLLER);
    const result = await cli(dir, 'openapi', '--check');
    assert.is(result.code, change.breaking ? 1 : 0, result.output);
    assert.ok(result.output.split('\n').some((line) => line.trim() === change.line), `${change.line}\n---\n${result.output}`);
    if (change.breaking) assert.match(result.output, /openapi\.json differs from the sources: \d+ of \d+ changes? breaking \(run `next-app-controllers openapi` to update it\):/);
    else assert.match(result.output, 'openapi.json differs from the sources, no change breaking (run `next-app-controllers openapi` to update it; --strict fails on any change):');
  });
}

table('the unchanged sources: exit 0, "matches"', async () => {
  const dir = project!;
  write(dir, 'src/features/tasks/dto.ts', DTO);
  write(dir, 'src/features/tasks/controller.ts', CONTROLLER);
  const result = await cli(dir, 'openapi', '--check');
  assert.is(result.code, 0, result.output);
  assert.match(result.output, 'openapi.json matches the sources: 3 operations.');
});

table('--strict: a change that breaks nothing fails too', async () => {
  const dir = project!;
  write(dir, 'src/features/tasks/dto.ts', CASES.find((each) => each.name === 'a new optional request field')!.dto!(DTO));
  write(dir, 'src/features/tasks/controller.ts', CONTROLLER);
  const result = await cli(dir, 'openapi', '--check', '--strict');
  assert.is(result.code, 1, result.output);
  assert.match(result.output, 'openapi.json differs from the sources, no change breaking (run `next-app-controllers openapi` to update it):');
  assert.match(result.output, 'not breaking: request field added, optional: CreateTaskDto.owner');
});

table('--format json: one object on stdout with every change, the count of breaking ones and ok, the same exit code', async () => {
  const dir = project!;
  write(dir, 'src/features/tasks/dto.ts', CASES.find((each) => each.name === 'a new required request field')!.dto!(DTO));
  write(dir, 'src/features/tasks/controller.ts', CASES.find((each) => each.name === 'an added operation')!.controller!(CONTROLLER));
  const result = await cli(dir, 'openapi', '--check', '--format', 'json');
  assert.is(result.code, 1, result.output);
  const printed = JSON.parse(result.output);
  assert.equal(printed, {
    file: 'openapi.json',
    apiVersion: null,
    exists: true,
    operations: 4,
    changes: [
      { breaking: false, kind: 'operation-added', at: 'GET /api/tasks/{id}', message: 'operation added: GET /api/tasks/{id}' },
      {
        breaking: true,
        kind: 'request-field-added',
        at: 'CreateTaskDto.owner',
        message: 'request field added, required: CreateTaskDto.owner',
        operation: 'POST /api/tasks',
      },
    ],
    breaking: 1,
    types: null,
    ok: false,
  });
  const invalid = await cli(dir, 'openapi', '--check', '--format', 'yaml');
  assert.is(invalid.code, 2);
  assert.match(invalid.output, '--format takes text or json, got "yaml".');
});

table.run();

const removal = suite('openapi --check: a removed parameter, by where it was');

removal('a query parameter removed or renamed is breaking; a header or cookie parameter removed is not', () => {
  const document = (parameters: { name: string; in: string }[]) => ({
    openapi: '3.1.0',
    paths: { '/a': { get: { parameters: parameters.map((parameter) => ({ ...parameter, schema: { type: 'string' } })), responses: {} } } },
  });
  const before = document([{ name: 'limit', in: 'query' }, { name: 'x-trace', in: 'header' }, { name: 'theme', in: 'cookie' }]);
  const changes = compareDocuments(before, document([{ name: 'max', in: 'query' }]));
  assert.equal(
    changes.map((change) => `${change.breaking ? 'breaking' : 'not breaking'}: ${change.message}`),
    [
      'not breaking: parameter added, optional: query max (GET /a)',
      'breaking: parameter removed: query limit (GET /a)',
      'not breaking: parameter removed: header x-trace (GET /a)',
      'not breaking: parameter removed: cookie theme (GET /a)',
    ],
  );
});

removal("a 3.2 stream's itemSchema alone and a 3.1 stream's schema beside x-itemSchema are the same stream", () => {
  const item = { type: 'object', properties: { data: { type: 'string' } }, required: ['data'] };
  const stream = (openapi: string, media: Record<string, unknown>) => ({
    openapi,
    paths: { '/e': { get: { responses: { '200': { description: 'OK', content: { 'text/event-stream': media } } } } } },
  });
  const v31 = stream('3.1.0', { schema: { type: 'string' }, 'x-itemSchema': item });
  const v32 = stream('3.2.0', { itemSchema: item });
  assert.equal(compareDocuments(v32, v31).map((change) => change.message), ['OpenAPI version changed: 3.2.0 → 3.1.0']);
  assert.equal(compareDocuments(v31, v32).map((change) => change.message), ['OpenAPI version changed: 3.1.0 → 3.2.0']);
});

removal.run();
