import { Type } from 'class-transformer';
import { IsArray, IsString, ValidateNested } from 'class-validator';
import { ApiResponse, Body, Controller, Get, Post } from 'next-app-controllers';

// #region union
class Pet {
  @IsString() name!: string;
}

class Dog extends Pet {
  @IsString() breed!: string;
}

class Cat extends Pet {
  @IsString() favouriteToy!: string;
}

export class HouseholdDto {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Pet, { discriminator: { property: 'kind', subTypes: [{ name: 'dog', value: Dog }, { name: 'cat', value: Cat }] } })
  pets!: Pet[];
}

@Controller('/households')
export class HouseholdsController {
  @Post('') // each item is validated as the subtype its kind names: { "kind": "fish" } is a 422
  @ApiResponse({ status: 200, type: HouseholdDto })
  create(@Body(HouseholdDto) household: HouseholdDto) {
    // household.pets holds Dog and Cat instances: tell them apart with instanceof
    return household; // each pet sent as its own subtype, kind included
  }
}
// #endregion union

@Controller('/pets')
export class PetsController {
  @Get('')
  @ApiResponse({ status: 200, type: HouseholdDto })
  list() {
    return { pets: [Object.assign(new Dog(), { name: 'Rex', breed: 'collie', chip: 'x' })] }; // sent as { kind: 'dog', name, breed }
  }
}
