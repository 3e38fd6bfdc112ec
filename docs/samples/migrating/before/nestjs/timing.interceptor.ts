import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { tap } from 'rxjs';

@Injectable()
export class TimingInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    const started = performance.now();
    return next.handle().pipe(
      tap(() => {
        const response = context.switchToHttp().getResponse<{ setHeader(name: string, value: string): void }>();
        response.setHeader('server-timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
      }),
    );
  }
}
