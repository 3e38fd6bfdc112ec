import { Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsInt, IsString, Max, Min, MinLength, ValidateNested } from 'class-validator';

export class AddressDto {
  @IsString()
  @MinLength(1)
  street!: string;

  @IsString()
  @MinLength(1)
  city!: string;
}

export class OrderItemDto {
  @IsString()
  @MinLength(1)
  name!: string;

  @IsInt()
  @Min(1)
  @Max(100)
  quantity!: number;
}

export class CreateOrderDto {
  @IsString()
  @MinLength(1)
  customer!: string;

  // A nested DTO: errors come back as `address.city`.
  @ValidateNested()
  @Type(() => AddressDto)
  address!: AddressDto;

  // An array of nested DTOs: errors come back as `items.0.name`.
  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => OrderItemDto)
  items!: OrderItemDto[];
}

/** The `order.created` event's payload (`data`), sent to ORDER_WEBHOOK_URL when it is set. */
export class OrderCreatedDto {
  @IsString()
  id!: string;

  @IsString()
  customer!: string;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => OrderItemDto)
  items!: OrderItemDto[];
}
