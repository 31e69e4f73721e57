import { createServer } from 'node:http';

/** The ceiling: a bare node:http server answering a small JSON body, on the same machine as the app. */
const body = JSON.stringify({ ok: true, message: 'ceiling' });
createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}).listen(Number(process.argv[2]), '127.0.0.1', () => process.send?.('ready'));
