import { type } from 'arktype';
import { Controller, Get, Headers, Params, Query } from 'next-app-controllers';
import * as v from 'valibot';
import * as z from 'zod';

// #region zod
// Query, path and header values arrive as strings: the schema says how to read them.
const ListArticles = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(), // '20' → 20; 'abc' → 422
  tag: z.array(z.string()).optional(), // ?tag=a&tag=b → ['a', 'b']
});

const CommentPath = z.object({ slug: z.string(), id: z.coerce.number().int().min(1) });

const ClientHeaders = z.object({ 'x-api-key': z.string() }); // lower-case header names

@Controller('/articles')
export class ArticlesController {
  @Get('')
  list(@Query(ListArticles) query: z.output<typeof ListArticles>) {
    return { limit: query.limit ?? 20, tags: query.tag ?? [] };
  }

  @Get('/:slug/comments/:id')
  comment(@Params(CommentPath) path: z.output<typeof CommentPath>, @Headers(ClientHeaders) headers: z.output<typeof ClientHeaders>) {
    return { slug: path.slug, id: path.id, key: headers['x-api-key'].length };
  }
}
// #endregion zod

// #region others
// Valibot: a pipe from the string.
const ValibotPage = v.object({
  limit: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100))),
});

// ArkType: a parsing keyword, then the range.
const ArkTypePage = type({
  'limit?': type('string.integer.parse').to('1 <= number <= 100'),
});
// #endregion others

@Controller('/pages')
export class PagesController {
  @Get('/valibot')
  valibot(@Query(ValibotPage) query: v.InferOutput<typeof ValibotPage>) {
    return query;
  }

  @Get('/arktype')
  arktype(@Query(ArkTypePage) query: typeof ArkTypePage.infer) {
    return query;
  }
}
