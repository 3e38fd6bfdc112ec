import { ApiResponse, ApiTags, Controller, Deprecated, Get, NotFoundError, Version, type RouteContext } from 'next-app-controllers';
import { AuthorCountDto, AuthorV1Dto, AuthorV2Dto } from './dto';

const authors = [
  { id: '1', firstName: 'Ada', lastName: 'Lovelace' },
  { id: '2', firstName: 'Alan', lastName: 'Turing' },
];

function find(id: string) {
  const author = authors.find((each) => each.id === id);
  if (!author) throw new NotFoundError(`Author ${id} not found`);
  return author;
}

// The app uses URI versioning (src/app.ts): these routes are /api/v2/authors… Listed before version 1's controller,
// so that its /count, which both versions answer, is declared before version 1's /:id.
@ApiTags('authors')
@Version('2')
@Controller('/authors')
export class AuthorsV2Controller {
  @Get('')
  @ApiResponse({ status: 200, type: AuthorV2Dto, isArray: true })
  list() {
    return authors;
  }

  // One route, two versions: /api/v1/authors/count and /api/v2/authors/count.
  @Get('/count')
  @Version(['1', '2'])
  @ApiResponse({ status: 200, type: AuthorCountDto })
  count() {
    return { count: authors.length };
  }

  @Get('/:id')
  @ApiResponse({ status: 200, type: AuthorV2Dto })
  findOne(context: RouteContext) {
    return find(context.params.id);
  }
}

// Version 1 answers until its sunset: every response, errors too, says Deprecation, Sunset and a Link to version 2's
// documentation; its operations are deprecated (struck through) in Swagger UI.
@ApiTags('authors')
@Version('1')
@Deprecated({ since: '2026-01-01T00:00:00Z', sunset: '2027-06-30T23:59:59Z', link: '/api-docs?urls.primaryName=v2' })
@Controller('/authors')
export class AuthorsV1Controller {
  @Get('')
  @ApiResponse({ status: 200, type: AuthorV1Dto, isArray: true })
  list() {
    return authors.map(({ id, firstName, lastName }) => ({ id, name: `${firstName} ${lastName}` }));
  }

  @Get('/:id')
  @ApiResponse({ status: 200, type: AuthorV1Dto })
  findOne(context: RouteContext) {
    const { id, firstName, lastName } = find(context.params.id);
    return { id, name: `${firstName} ${lastName}` };
  }
}
