import { IsNumber, IsString } from 'class-validator';
import { Body, Controller, Post } from 'next-app-controllers';

class CreateOrderDto {
  @IsString()
  id!: string;

  @IsNumber()
  total!: number;
}
// #region webhook
import { sendWebhook } from 'next-app-controllers/jobs';
import { app } from '@/app';

@Controller('/orders')
export class OrdersController {
  @Post('')
  async create(@Body(CreateOrderDto) order: CreateOrderDto) {
    // Resolves with the delivery's webhook-id once the job is in the queue, not when it is delivered.
    const webhookId = await sendWebhook('https://partner.example.com/hooks', 'order.created', order, {
      secret: process.env.WEBHOOK_SECRET!,
      durable: true,
      app,
    });
    return { ...order, webhookId };
  }
}
// #endregion webhook
