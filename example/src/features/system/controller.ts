import { All, ApiOperation, ApiResponse, ApiTags, Controller, Get, Headers, RateLimit, Use, type RouteContext } from 'next-app-controllers';
import { CurrentClient } from '@/lib/current-client';
import { requireApiKey } from '@/lib/middleware';
import { ClientHeaders } from './dto';

const started = Date.now();

@ApiTags('system')
@Controller('/system')
export class SystemController {
  // HEAD /api/system/health is answered by this GET route without a body.
  @Get('/health')
  @ApiOperation({ summary: 'Liveness' })
  health() {
    return { status: 'ok', uptimeSeconds: Math.round((Date.now() - started) / 1000) };
  }

  // @All matches every method.
  @All('/echo')
  @ApiOperation({ summary: 'Echo the method and the query (every method)' })
  echo(context: RouteContext) {
    return { method: context.request.method, query: Object.fromEntries(context.query) };
  }

  // A custom parameter decorator (@CurrentClient) and a @Headers DTO on one handler.
  @Get('/whoami')
  @Use(requireApiKey)
  @ApiResponse({ status: 401, description: 'No x-api-key header, or a wrong one' })
  @ApiOperation({ summary: 'Who is calling (needs x-api-key; x-client-version optional)' })
  whoami(@CurrentClient() client: string, @Headers(ClientHeaders) headers: ClientHeaders) {
    return { client, version: headers['x-client-version'] ?? null };
  }

  // At most 5 requests a minute from one client (its address; every instance counts together with a Redis store).
  @Get('/limited')
  @RateLimit({ limit: 5, window: 60_000 })
  @ApiOperation({ summary: 'Rate limited: 5 requests a minute per client' })
  limited() {
    return { ok: true };
  }

  // An unexpected error: the client gets a bare 500 body, the details go to the server log only.
  @Get('/fail')
  @ApiOperation({ summary: 'Throws an unexpected error (500, no details leak)' })
  fail(): never {
    throw new Error('database password is hunter2');
  }
}
