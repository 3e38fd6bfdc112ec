import { type } from 'arktype';
import { Body, Controller, Post } from 'next-app-controllers';
import * as v from 'valibot';
import * as z from 'zod';

// #region libraries
const ZodTag = z.object({ name: z.string().min(1), color: z.enum(['red', 'green']) });
const ValibotTag = v.object({ name: v.pipe(v.string(), v.minLength(1)), color: v.picklist(['red', 'green']) });
const ArkTypeTag = type({ name: 'string > 0', color: "'red' | 'green'" }); // a function: recognised as a schema first

@Controller('/tags')
export class TagsController {
  @Post('/zod')
  zod(@Body(ZodTag) tag: z.output<typeof ZodTag>) {
    return tag;
  }

  @Post('/valibot')
  valibot(@Body(ValibotTag) tag: v.InferOutput<typeof ValibotTag>) {
    return tag;
  }

  @Post('/arktype')
  arktype(@Body(ArkTypeTag) tag: typeof ArkTypeTag.infer) {
    return tag;
  }
}
// #endregion libraries
