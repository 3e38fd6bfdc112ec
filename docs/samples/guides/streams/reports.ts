import { openAsBlob } from 'node:fs';
import { Controller, Get, Produces, download } from 'next-app-controllers';

@Controller('/reports')
export class ReportsController {
  @Get('/summary.csv')
  @Produces('text/csv')
  summary() { return 'month,total\n2026-01,42\n'; }

  @Get('/yearly')
  @Produces('application/pdf')
  async yearly() {
    // a file-backed Blob: read from disk as it is sent
    return download(await openAsBlob('reports/2026.pdf'), { filename: 'Relevé 2026 “final”.pdf', type: 'application/pdf' });
  }
}
