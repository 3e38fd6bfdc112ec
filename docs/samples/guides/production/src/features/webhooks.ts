import { IsString } from 'class-validator';
import { Body, Controller, Post, standardWebhooks, stripeWebhooks, Webhook } from 'next-app-controllers';

class PaymentEventDto {
  @IsString() type!: string;
}

// #region incoming
@Controller('/webhooks')
export class WebhooksController {
  @Post('payments')
  // The current secret and the one being rotated out; both are whsec_<base64>, as the sender shows them.
  @Webhook({ verify: standardWebhooks([process.env.PAYMENTS_WEBHOOK_SECRET!, process.env.PAYMENTS_WEBHOOK_OLD_SECRET!]) })
  payments(@Body(PaymentEventDto) event: PaymentEventDto) {
    return { received: event.type }; // runs only for a verified, fresh, first delivery
  }

  @Post('stripe')
  @Webhook({ verify: stripeWebhooks(process.env.STRIPE_WEBHOOK_SECRET!) })
  stripe(@Body(PaymentEventDto) event: PaymentEventDto) {
    return { received: event.type };
  }
}
// #endregion incoming
