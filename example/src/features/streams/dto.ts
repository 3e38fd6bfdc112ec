import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

export class TicksQuery {
  /** How many events, one every `interval` ms. */
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100_000)
  count = 3;

  @IsOptional() @Type(() => Number) @IsInt() @Min(10) @Max(60_000)
  interval = 200;

  /** A name for this stream, to ask /api/streams/status whether its generator has finished. */
  @IsOptional() @IsString() @Matches(/^[\w-]{1,40}$/)
  name?: string;
}

/** One event of /api/streams/ticks. */
export class TickDto {
  @IsInt()
  n!: number;

  /** When the server yielded it (ms since the epoch). */
  @IsInt()
  at!: number;
}

export class StatusQuery {
  @IsString() @Matches(/^[\w-]{1,40}$/)
  name!: string;
}

export class DownloadQuery {
  /** Bytes to send, generated as they are read (never held whole). */
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(1024 * 1024 * 1024)
  size = 1024;
}
