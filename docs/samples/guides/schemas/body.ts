import { Body, Controller, HttpCode, Post, createApplication } from 'next-app-controllers';
import * as z from 'zod';

// #region body
const CreateOrder = z.object({
  address: z.object({ street: z.string(), city: z.string() }),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int().min(1) })).min(1),
  note: z.string().max(200).optional(),
});
type CreateOrder = z.output<typeof CreateOrder>; // what the handler gets: the schema's output

@Controller('/orders')
export class OrdersController {
  @Post('')
  @HttpCode(201)
  create(@Body(CreateOrder) order: CreateOrder) {
    // Runs only when the schema accepted the body: order.address.city is a string, every item has a quantity of 1 or more.
    return { city: order.address.city, lines: order.items.length };
  }
}
// #endregion body

export const app = createApplication({ controllers: [OrdersController] });
