import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isCsvWanted, sendCsv } from './csv-response';

const asking = (accept?: string) => ({ headers: accept === undefined ? {} : { accept } });

describe('isCsvWanted', () => {
  it('follows ?format over the Accept header', () => {
    expect(isCsvWanted(asking('text/csv'), 'json')).toBe(false);
    expect(isCsvWanted(asking('application/json'), 'csv')).toBe(true);
  });

  it.each([
    'text/csv',
    'text/csv; charset=utf-8',
    'application/json, text/csv',
    'TEXT/CSV',
    'text/html,text/csv;q=0.9',
  ])('wants CSV when Accept names text/csv: %j', (accept) => expect(isCsvWanted(asking(accept), undefined)).toBe(true));

  it.each([undefined, '*/*', 'application/json', 'text/csvx', 'text/csv-schema', 'application/text/csv'])(
    'answers JSON otherwise: %j',
    (accept) => expect(isCsvWanted(asking(accept), undefined)).toBe(false),
  );
});

describe('sendCsv', () => {
  it('answers a UTF-8 CSV download under the file name, varying on Accept', async () => {
    const app = Fastify();
    app.get('/report', (_request, reply) => sendCsv(reply, 'hours.csv', '"a"\r\n'));
    const answer = await app.inject({ url: '/report' });
    expect(answer.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="hours.csv"',
      vary: 'Accept',
    });
    expect(answer.body).toBe('"a"\r\n');
    await app.close();
  });
});
