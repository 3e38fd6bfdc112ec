import { IsString } from 'class-validator';
import { Body, Controller, HttpCode, Idempotent, Post } from 'next-app-controllers';

class CreateOrderDto {
  @IsString() item!: string;
}

let next = 1;

// #region idempotent
@Controller('/orders')
export class OrdersController {
  @Post('')
  @HttpCode(201)
  @Idempotent({ required: true }) // a retry with the same Idempotency-Key gets the first answer; the order is made once
  create(@Body(CreateOrderDto) body: CreateOrderDto) {
    return { id: next++, item: body.item };
  }
}
// #endregion idempotent
