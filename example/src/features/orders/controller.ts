import {
  ApiOperation,
  ApiResponse,
  ApiSecurity,
  ApiTags,
  Body,
  ConflictError,
  Controller,
  Delete,
  Get,
  HttpCode,
  McpTool,
  NotFoundError,
  Post,
  Use,
  WebhookEvent,
  sendWebhook,
  type RouteContext,
} from 'next-app-controllers';
import { after } from 'next/server';
import { MemoryStore } from '@/lib/memory-store';
import { requireApiKey } from '@/lib/middleware';
import { CreateOrderDto, OrderCreatedDto } from './dto';

export interface OrderRecord {
  id: string;
  customer: string;
  address: { street: string; city: string };
  items: { name: string; quantity: number }[];
  status: 'open' | 'shipped';
  createdBy: string;
}

const orders = new MemoryStore<OrderRecord>([
  { customer: 'Ada', address: { street: '1 Loop Road', city: 'London' }, items: [{ name: 'keyboard', quantity: 1 }], status: 'shipped', createdBy: 'seed' },
]);

function find(id: string): OrderRecord {
  const order = orders.get(id);
  if (!order) throw new NotFoundError(`Order ${id} not found`);
  return order;
}

/** `order.created` to ORDER_WEBHOOK_URL (signed with ORDER_WEBHOOK_SECRET, whsec_…) after the answer, when it is set. */
function notifySubscriber(order: OrderRecord): void {
  const endpoint = process.env.ORDER_WEBHOOK_URL;
  const secret = process.env.ORDER_WEBHOOK_SECRET;
  if (!endpoint || !secret) return;
  const payload = { id: order.id, customer: order.customer, items: order.items };
  after(() => sendWebhook<typeof OrderCreatedDto>(endpoint, 'order.created', payload, { secret }).catch((error: Error) => console.error(error.message)));
}

// Class-level middleware: every route here needs the x-api-key header. Errors are thrown as HttpErrors and answered as
// { success: false, statusCode, message }.
@ApiTags('orders')
@Use(requireApiKey)
@ApiSecurity('apiKey')
@ApiResponse({ status: 401, description: 'No x-api-key header, or a wrong one' })
@WebhookEvent('order.created', OrderCreatedDto)
@Controller('/orders')
export class OrdersController {
  // A tool behind requireApiKey: an MCP client sends the key as a bearer token (Authorization is passed on).
  @McpTool()
  @Get('')
  @ApiOperation({ summary: 'List orders' })
  list() {
    return orders.list();
  }

  @Get('/:id')
  @ApiOperation({ summary: 'One order (404 HttpError when missing)' })
  findOne(context: RouteContext) {
    return find(context.params.id);
  }

  @Post('')
  @HttpCode(201)
  @ApiOperation({ summary: 'Place an order' })
  create(@Body(CreateOrderDto) body: CreateOrderDto, context: RouteContext) {
    const items = body.items.map((item) => ({ name: item.name, quantity: item.quantity }));
    const address = { street: body.address.street, city: body.address.city };
    const order = orders.insert({ customer: body.customer, address, items, status: 'open', createdBy: String(context.state.client) });
    notifySubscriber(order);
    return order;
  }

  @Delete('/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Cancel an open order (409 once shipped)' })
  @ApiResponse({ status: 409, description: 'The order has shipped' })
  cancel(context: RouteContext) {
    const order = find(context.params.id);
    if (order.status === 'shipped') throw new ConflictError(`Order ${order.id} has shipped and cannot be cancelled`);
    orders.delete(order.id);
  }
}
