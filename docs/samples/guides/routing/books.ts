import { IsString, MinLength } from 'class-validator';
import { All, Body, Controller, Delete, Get, HttpCode, NotFoundError, Put, createApplication, type RouteContext } from 'next-app-controllers';

class UpdateBookDto {
  @IsString() @MinLength(1) title!: string;
}

interface Book {
  id: string;
  title: string;
}

const books = new Map<string, Book>([['1', { id: '1', title: 'Dune' }]]);

// #region controller
@Controller('/books')
export class BooksController {
  @Get('') // GET /api/books: '' (or no argument) is the prefix itself
  list() {
    return [...books.values()];
  }

  @Get('/search') // declared before '/:id', so /api/books/search reaches it
  search(context: RouteContext) {
    const q = context.query.get('q') ?? '';
    return [...books.values()].filter((book) => book.title.includes(q));
  }

  @All('/ping') // every HTTP method; before '/:id' too
  ping(context: RouteContext) {
    return context.text(`pong to ${context.request.method}`);
  }

  @Get('/:id') // GET /api/books/1: context.params.id is '1'
  findOne(context: RouteContext) {
    const book = books.get(context.params.id);
    if (!book) throw new NotFoundError('Book not found'); // 404 through the error format
    return book; // 200, as JSON
  }

  @Put('/:id') // the context and the validated body, in any order
  replace(context: RouteContext, @Body(UpdateBookDto) body: UpdateBookDto) {
    const book: Book = { id: context.params.id, title: body.title };
    books.set(book.id, book);
    return book;
  }

  @Delete('/:id')
  @HttpCode(204) // documents the 204 that returning nothing answers
  remove(context: RouteContext) {
    books.delete(context.params.id);
  }
}
// #endregion controller

// #region app
export const app = createApplication({
  controllers: [BooksController], // matching order: earlier controllers first
  basePath: '/api', // the default: where the catch-all route file lives (src/app/api/[[...route]]/route.ts)
});
// #endregion app
