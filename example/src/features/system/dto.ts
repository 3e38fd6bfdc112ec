import { IsOptional, IsString, Matches } from 'class-validator';

/** Request headers as a DTO: property names are header names, matched case-insensitively. */
export class ClientHeaders {
  @IsString()
  'x-api-key'!: string;

  @IsOptional()
  @Matches(/^\d+\.\d+\.\d+$/, { message: 'x-client-version must look like 1.2.3' })
  'x-client-version'?: string;
}
