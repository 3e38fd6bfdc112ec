import { ApiOperation, ApiTags, Auth, Controller, Get, Principal, type PrincipalOf } from 'next-app-controllers';
import { apiKeyScheme } from '@/lib/schemes';

// Authenticated with @Auth (issue 41): the dispatcher checks the key before the route runs, answers 401 (with its
// challenge) or 403 in the app's error format, and the document shows the lock, the 401 and the 403.
@ApiTags('reports')
@Controller('/reports')
@Auth(apiKeyScheme, { roles: ['reporter'] })
export class ReportsController {
  @Get('/summary')
  @ApiOperation({ summary: 'A report for the caller (needs X-API-Key)' })
  summary(@Principal(apiKeyScheme) caller: PrincipalOf<typeof apiKeyScheme>) {
    return { caller: caller.id, generatedAt: new Date(0).toISOString() };
  }
}
