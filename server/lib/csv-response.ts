import type { FastifyReply, FastifyRequest } from 'fastify';

/** CSV when asked for by `?format=csv` or by an Accept header that names text/csv. */
export function isCsvWanted(request: Pick<FastifyRequest, 'headers'>, format: 'json' | 'csv' | undefined): boolean {
  if (format !== undefined) return format === 'csv';
  const accept = request.headers.accept;
  return typeof accept === 'string' && /(^|,)\s*text\/csv\s*(;|,|$)/i.test(accept);
}

/**
 * A CSV answer the browser saves as `fileName`. It varies on Accept: the same address answers JSON unless
 * the Accept header (or `?format`) asks for CSV, so a cache must not hand one to the other.
 */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string): FastifyReply {
  return reply
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('vary', 'Accept')
    .type('text/csv; charset=utf-8')
    .send(csv);
}
