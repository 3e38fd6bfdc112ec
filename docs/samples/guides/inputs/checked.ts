import { IsInt, IsString } from 'class-validator';
import { Body, Controller, Get, Params, Post, Query, type RouteContext } from 'next-app-controllers';
import * as z from 'zod';

class CreateTaskDto {
  @IsString() title!: string;
  @IsInt() estimate!: number;
}

const TaskQuery = z.object({ page: z.coerce.number().int().min(1) });

class TaskParams {
  @IsString() id!: string;
}

// #region checked
@Controller('/tasks')
export class TasksController {
  @Post('')
  create(@Body(CreateTaskDto) body: CreateTaskDto) {
    return body; // compiles, and so do a wider type ({ title: string }), an interface the DTO satisfies, unknown
  }

  @Post('/draft')
  draft(
    // @ts-expect-error Argument of type '0' is not assignable to parameter of type '0 & { "@Body gives the parameter": CreateTaskDto; }'
    @Body(CreateTaskDto) body: { estimate: string },
  ) {
    return body;
  }

  @Get('')
  list(
    // @ts-expect-error … '0 & { "@Query gives the parameter": { page: number; }; }': the schema's output, not its input
    @Query(TaskQuery) query: { page: string },
  ) {
    return query;
  }

  @Get('/:id')
  findOne(@Params(TaskParams) params: TaskParams, context: RouteContext<{ id: string }>) {
    return params.id === context.params.id; // compiles: the context's params name the path's :id
  }

  // @ts-expect-error … '"history" & { "@Get('/:id/history') gives the context params": { id: string; }; }'
  @Get('/:id/history')
  history(context: RouteContext<{ taskId: string }>) {
    return context.params.taskId;
  }
}
// #endregion checked
