/**
 * The ceiling: a bare node:http server answering one fixed JSON body, run in its own process like
 * the API. Whatever the API does beyond this (routing, auth, SQL, serialisation) is its cost.
 */
import { createServer } from 'node:http';
import { FIXED_BODY } from './fixed-body.ts';

const port = Number(process.env.PORT);
const body = Buffer.from(FIXED_BODY);
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
}).listen(port, '127.0.0.1', () => console.log(`ceiling listening on ${port}`));
