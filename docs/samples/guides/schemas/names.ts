import { type } from 'arktype';
import { ApiResponse, ApiSchema, Body, Controller, Post } from 'next-app-controllers';
import * as v from 'valibot';
import * as z from 'zod';

// #region names
// Zod: .meta({ id }) names the schema in the document.
export const Author = z.object({ name: z.string() }).meta({ id: 'Author' });

// Any library: ApiSchema({ name }) names it, and returns it.
export const Label = ApiSchema({ name: 'Label' })(v.object({ text: v.string() }));
export const Ticket = ApiSchema({ name: 'Ticket' })(type({ '+': 'delete', id: 'string', title: 'string' }));
// #endregion names

@Controller('/tickets')
export class TicketsController {
  @Post('')
  @ApiResponse({ status: 201, type: Ticket })
  create(@Body(Label) label: v.InferOutput<typeof Label>) {
    return { id: '1', title: label.text };
  }

  @Post('/authors')
  @ApiResponse({ status: 200, type: Author })
  author(@Body(Author) author: z.output<typeof Author>) {
    return author;
  }
}
