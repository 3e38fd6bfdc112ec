import { IsInt, IsString } from 'class-validator';
import { after } from 'next/server';
import { Body, Controller, HttpCode, Post, sendWebhook, WebhookEvent } from 'next-app-controllers';

class CreateOrderDto {
  @IsString() item!: string;
}

// #region event
/** What a subscriber receives as `data` in the `order.created` event. */
export class OrderCreatedDto {
  @IsString() orderId!: string;
  @IsString() item!: string;
  @IsInt() quantity!: number;
}

@Controller('/shop/orders')
@WebhookEvent('order.created', OrderCreatedDto) // the document's `webhooks` lists it
export class ShopOrdersController {
  @Post('')
  @HttpCode(201)
  create(@Body(CreateOrderDto) body: CreateOrderDto) {
    const order: OrderCreatedDto = { orderId: crypto.randomUUID(), item: body.item, quantity: 1 };
    const endpoint = process.env.ORDER_WEBHOOK_URL;
    if (endpoint) {
      // After the answer is sent: the client does not wait for the subscriber, and a failure does not change the answer.
      after(() =>
        sendWebhook<typeof OrderCreatedDto>(endpoint, 'order.created', order, { secret: process.env.ORDER_WEBHOOK_SECRET! }).catch((error: Error) =>
          console.error(error.message),
        ),
      );
    }
    return order;
  }
}
// #endregion event

// #region outbox
/** Your database: one table of events to deliver (an "outbox"), written in the same transaction as the order. */
interface Outbox {
  add(event: { id: string; endpoint: string; type: string; payload: unknown }): Promise<void>;
  /** Claims due rows (`SELECT … FOR UPDATE SKIP LOCKED` in Postgres), so several workers share the table. */
  claimDue(limit: number): Promise<{ id: string; endpoint: string; type: string; payload: unknown; tries: number }[]>;
  done(id: string): Promise<void>;
  retryAt(id: string, when: Date): Promise<void>;
  dead(id: string, reason: string): Promise<void>;
}

/** A worker (a cron route, a queue consumer) delivers the rows; each row keeps its webhook-id across restarts. */
export async function deliverDue(outbox: Outbox, secret: string): Promise<void> {
  for (const row of await outbox.claimDue(50)) {
    try {
      // One quick try here (retries: 0); the table holds the retries, hours apart if need be.
      await sendWebhook(row.endpoint, row.type, row.payload, { secret, id: row.id, retries: 0 });
      await outbox.done(row.id);
    } catch (error) {
      const status = (error as { status?: number }).status;
      const permanent = status !== undefined && status < 500 && status !== 408 && status !== 429;
      if (permanent || row.tries >= 8) await outbox.dead(row.id, (error as Error).message);
      else await outbox.retryAt(row.id, new Date(Date.now() + 2 ** row.tries * 60_000));
    }
  }
}
// #endregion outbox
