// A DTO file's first import (see Getting started): reflect-metadata before class-transformer's @Type runs.
import 'next-app-controllers/dto';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsString, Min, ValidateNested } from 'class-validator';
import { Body, Controller, HttpCode, Post, createApplication } from 'next-app-controllers';

// #region dto
class AddressDto {
  @IsString() street!: string;
  @IsString() city!: string;
}

class OrderItemDto {
  @IsString() name!: string;
  @IsInt() @Min(1) quantity!: number;
}

export class CreateOrderDto {
  @ValidateNested() @Type(() => AddressDto) address!: AddressDto; // an AddressDto instance in the handler
  @IsArray() @ValidateNested({ each: true }) @Type(() => OrderItemDto) items!: OrderItemDto[];
}

@Controller('/orders')
export class OrdersController {
  @Post('')
  @HttpCode(201)
  create(@Body(CreateOrderDto) order: CreateOrderDto) {
    // Runs only with a valid body: order.address.city is a string, every item has a name and a quantity of 1 or more.
    return { city: order.address.city, lines: order.items.length };
  }
}
// #endregion dto

// #region options
export const app = createApplication({
  controllers: [OrdersController],
  validation: { whitelist: true, forbidNonWhitelisted: true }, // class-validator's options: unknown fields are a 422
  bodyLimit: 1024 * 1024, // bytes, the default (1 MiB): a larger body is a 413
  bodyDepthLimit: 64, // levels of objects and arrays, the default (at most 1000): deeper is a 400
});
// #endregion options
