import { describe, expect, it } from 'vitest';
import {
  htmlTitle,
  httpError,
  isHtml,
  otherHttpError,
  preview,
} from '../../../src/core/rpc/protocol/classifyHttpError.ts';
import { textResponse } from '../../../src/core/rpc/protocol/transportOutcome.ts';

const meta = { httpStatus: 0, durationMs: 1, sizeBytes: 0 };
const page = (body: string, headers: Record<string, string> = {}) => textResponse(body, { headers });

describe('preview', () => {
  it.each([
    ['x'.repeat(300), 'x'.repeat(300)],
    ['y'.repeat(301), 'y'.repeat(300) + '…'],
    ['', ''],
  ])('%#', (text, expected) => expect(preview(text)).toBe(expected));
});

describe('htmlTitle', () => {
  it.each([
    ['<html><head><title> Sign in </title></head></html>', 'Sign in'],
    ['<TITLE lang="en">502 Bad Gateway</TITLE>', '502 Bad Gateway'],
    ['<html><body>no title</body></html>', undefined],
    ['<title></title>', ''],
  ])('%s', (text, expected) => expect(htmlTitle(text)).toBe(expected));
});

describe('isHtml', () => {
  it.each([
    [
      'by content type, whatever the body',
      page('oops', { 'content-type': 'Text/HTML; charset=utf-8' }),
      true,
    ],
    ['a JSON content type', page('{}', { 'content-type': 'application/json' }), false],
    ['by the first tag after white space', page('  \n<!DOCTYPE html><html></html>'), true],
    ['<head> first', page('<head></head>'), true],
    ['<body> first', page('<BODY>x</BODY>'), true],
    ['a tag after other text is not a page', page('x<html></html>'), false],
    ['another first tag', page('<div>x</div>'), false],
  ])('%s', (_name, r, expected) => expect(isHtml(r)).toBe(expected));
});

describe('httpError and otherHttpError', () => {
  const wrap = (status: number, body: string, message: string, extra: Record<string, unknown> = {}) => ({
    kind: 'http-error',
    status,
    bodyPreview: preview(body),
    ...meta,
    ...extra,
    message,
  });
  it.each([
    [
      401,
      'Unauthorized',
      {},
      wrap(
        401,
        'Unauthorized',
        'HTTP 401: the node wants credentials, or rejected the ones sent: check the user name and password',
      ),
    ],
    [
      403,
      'Forbidden',
      {},
      wrap(
        403,
        'Forbidden',
        'HTTP 403: access forbidden: the credentials or API key are rejected, or this origin/IP/method is not allowed',
      ),
    ],
    [429, '', {}, wrap(429, '', 'HTTP 429: rate limit reached', { retryAfter: undefined })],
    [
      429,
      '',
      { 'retry-after': '120' },
      wrap(429, '', 'HTTP 429: rate limit reached; the server asks to wait 120 s', { retryAfter: '120' }),
    ],
    // Retry-After is whole seconds or an HTTP date: anything else is quoted as it is, with no unit.
    [
      429,
      '',
      { 'retry-after': '1.5' },
      wrap(429, '', 'HTTP 429: rate limit reached; the server asks to wait 1.5', { retryAfter: '1.5' }),
    ],
    [
      429,
      '',
      { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' },
      wrap(429, '', 'HTTP 429: rate limit reached; the server asks to wait Wed, 21 Oct 2015 07:28:00 GMT', {
        retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT',
      }),
    ],
    [500, 'x', {}, undefined],
    [400, 'x', {}, undefined],
  ])('httpError %i %j %j', (status, body, headers, expected) => {
    expect(httpError(textResponse(body, { status, headers }), meta, status)).toStrictEqual(expected);
  });

  const html = '<html><head><title>Bad Gateway</title></head></html>';
  it.each([
    [
      502,
      html,
      'HTTP 502: the server sent an HTML page ("Bad Gateway"), not JSON-RPC: a proxy or gateway error, or the wrong URL',
    ],
    [
      404,
      '<html><body>gone</body></html>',
      'HTTP 404: the server sent an HTML page, not JSON-RPC: a proxy or gateway error, or the wrong URL',
    ],
    [500, '  upstream failed \n', 'HTTP 500: the server failed (upstream failed)'],
    [503, ' \n', 'HTTP 503: the server failed (empty body)'],
    [499, ' client closed \n', 'HTTP 499: client closed'],
    [404, '', 'HTTP 404: no details'],
    [500, 'z'.repeat(301), `HTTP 500: the server failed (${'z'.repeat(300)}…)`],
  ])('otherHttpError %i %j', (status, body, message) => {
    expect(otherHttpError(textResponse(body, { status }), meta, status)).toStrictEqual(
      wrap(status, body, message),
    );
  });
});
