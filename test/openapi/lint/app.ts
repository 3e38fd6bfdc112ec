// The fixture app (here, not in test/fixtures, which tsconfig leaves out: its decorators need compiling) other people's OpenAPI tools are run on (test/openapi/other-tools.test.ts): Zod bodies and queries,
// URI versions, an @Sse stream, an upload form, @ApiSecurity on some routes and public ones beside them.
import { IsOptional, IsString } from 'class-validator';
import * as z from 'zod';
import {
  ApiOperation,
  ApiResponse,
  ApiSchema,
  ApiSecurity,
  ApiTags,
  Body,
  Controller,
  Delete,
  Form,
  Get,
  IsFile,
  Post,
  Query,
  Sse,
  Version,
  WebhookEvent,
  createApplication,
} from '../../../runtime/index';

const Bookmark = ApiSchema({ name: 'Bookmark' })(z.object({ id: z.string(), url: z.url(), title: z.string(), tags: z.array(z.string()) }));
const CreateBookmark = ApiSchema({ name: 'CreateBookmark' })(z.strictObject({ url: z.url(), title: z.string().min(1), tags: z.array(z.string()).default([]) }));
const StatusV2 = ApiSchema({ name: 'StatusV2' })(z.object({ ok: z.boolean(), version: z.literal(2) }));
const ListQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).optional(), offset: z.coerce.number().int().min(0).optional() });

class FeedTickDto {
  @IsString() at!: string;
}

class BookmarkImportForm {
  @IsFile() file!: File;

  @IsOptional()
  @IsString()
  caption?: string;
}

/** The payload of the `bookmark.removed` event (issue 43: outgoing webhooks under the document's `webhooks`). */
class BookmarkRemovedDto {
  @IsString() id!: string;
}

@Controller('/bookmarks')
@ApiTags('Bookmarks')
@ApiSecurity('bearer')
@WebhookEvent('bookmark.created', Bookmark)
@WebhookEvent('bookmark.removed', BookmarkRemovedDto)
class BookmarksController {
  @Get('')
  @ApiResponse({ status: 200, type: Bookmark, isArray: true })
  list(@Query(ListQuery) _query: z.infer<typeof ListQuery>) {
    return [];
  }

  @Post('')
  @ApiOperation({ summary: 'Save a bookmark' })
  @ApiResponse({ status: 201, type: Bookmark })
  create(@Body(CreateBookmark) body: z.infer<typeof CreateBookmark>) {
    return { id: '1', ...body };
  }

  @Delete('/:id')
  remove() {}

  @Post('/import')
  @ApiResponse({ status: 201, description: 'Imported' })
  importFile(@Form(BookmarkImportForm) _form: BookmarkImportForm) {
    return { imported: 1 };
  }
}

@Controller('/feed')
@ApiTags('Feed')
class FeedController {
  @Sse()
  @Get('/ticks')
  @ApiResponse({ status: 200, type: FeedTickDto })
  async *ticks() {
    yield { data: { at: new Date(0).toISOString() } };
  }
}

@Controller('/status')
@ApiTags('Status')
@Version('1')
class StatusV1Controller {
  @Get('')
  status() {
    return { ok: true };
  }
}

@Controller('/status')
@ApiTags('Status')
@Version('2')
class StatusV2Controller {
  @Get('')
  @ApiResponse({ status: 200, type: StatusV2 })
  status() {
    return { ok: true, version: 2 as const };
  }
}

export const lintApp = createApplication({
  controllers: [BookmarksController, FeedController, StatusV1Controller, StatusV2Controller],
  basePath: '/lint',
  versioning: { type: 'uri' },
});

export const lintSecuritySchemes = { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } as const;
