import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCookie } from './read-cookie.ts';

describe('readCookie', () => {
  let parse: (header: string) => Record<string, string | undefined>;
  beforeAll(async () => {
    // The parser @fastify/cookie gave request.cookies, which the XSRF check used to read.
    const app = Fastify();
    await app.register(fastifyCookie);
    await app.ready();
    parse = (header) => app.parseCookie(header);
  });

  const headers = [
    'XSRF-TOKEN=abc',
    'XSRF-TOKEN=abc; other=1',
    'other=1; XSRF-TOKEN=abc',
    'other=1;XSRF-TOKEN=abc;more=2',
    '  XSRF-TOKEN  =  abc  ; x=y',
    '\tXSRF-TOKEN=\tabc\t',
    'XSRF-TOKEN=first; XSRF-TOKEN=second',
    'XSRF-TOKEN=; XSRF-TOKEN=second',
    'XSRF-TOKEN=',
    'XSRF-TOKEN',
    'XSRF-TOKEN; XSRF-TOKEN=after-a-bare-name',
    'noequals; XSRF-TOKEN=abc',
    'a=b=c; XSRF-TOKEN=d=e',
    'XSRF-TOKEN=%41%42',
    'XSRF-TOKEN=%E0%A4%A; bad=1',
    'XSRF-TOKEN="quoted"',
    'X-XSRF-TOKEN=no; XSRF-TOKENS=no; xsrf-token=no',
    'X-XSRF-TOKEN=no; XSRF-TOKEN=yes',
    ';;XSRF-TOKEN=abc;;',
    '=abc; XSRF-TOKEN=abc',
    'a',
    '',
    'XSRF-TOKEN=a;b=XSRF-TOKEN=c',
    'b=1;XSRF-TOKEN',
    'XSRF-TOKEN =x',
  ];

  it.each(headers)('reads %j as the cookie parser does', (header) => {
    expect(readCookie(header, 'XSRF-TOKEN')).toBe(parse(header)['XSRF-TOKEN']);
  });

  it('finds nothing without a header', () => {
    expect(readCookie(undefined, 'XSRF-TOKEN')).toBeUndefined();
  });
});
