import { IsInt } from 'class-validator';
import { ApiResponse, Controller, Get, Sse, type RouteContext } from 'next-app-controllers';

class TickDto {
  @IsInt() n!: number;
  @IsInt() at!: number;
}

// #region sleep
// Waits `ms`, or less when the client goes away (request.signal), so the generator's finally runs at once.
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
// #endregion sleep

// #region sse
@Controller('/ticks')
export class TicksController {
  @Sse() // @Sse({ keepAlive: 5_000 }); default 15 s, 0 for none
  @Get('')
  @ApiResponse({ status: 200, type: TickDto }) // documented as text/event-stream whose events carry TickDto
  async *ticks(context: RouteContext) {
    try {
      for (let n = 1; ; n++) {
        yield { data: { n, at: Date.now() }, id: String(n) }; // or just `yield { n }`
        await sleep(1_000, context.request.signal); // a sleep that ends early when the client goes away (example/src/features/streams)
      }
    } finally {
      // runs when the client disconnects: release what the stream holds
    }
  }
}
// #endregion sse
