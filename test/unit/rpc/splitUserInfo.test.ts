import { describe, expect, it } from 'vitest';
import { splitUserInfo } from '../../../src/core/rpc/endpoint/splitUserInfo.ts';

describe('splitUserInfo', () => {
  it.each([
    ['https://alice:pw@h.example/rpc', 'https://h.example/rpc', 'alice', 'pw', true],
    ['https://alice@h.example', 'https://h.example', 'alice', '', true],
    // the last @ before the path ends the userinfo
    ['https://u:p@ss@h.example/a@b', 'https://h.example/a@b', 'u', 'p@ss', true],
    ['https://h.example/a@b', 'https://h.example/a@b', '', '', false],
    ['https://h.example?x=a@b', 'https://h.example?x=a@b', '', '', false],
    ['  wss://u:p%40w@h.example/', '  wss://h.example/', 'u', 'p@w', true],
    // A malformed percent-escape never throws: that part is kept exactly as written, whole (its good escapes too);
    // the other part is decoded on its own.
    ['https://%zz:p@h.example', 'https://h.example', '%zz', 'p', true],
    ['https://u:p%40%zz@h.example', 'https://h.example', 'u', 'p%40%zz', true],
    ['https://u%:p%3A@h.example', 'https://h.example', 'u%', 'p:', true],
    ['https://%C3:%E2%82@h.example', 'https://h.example', '%C3', '%E2%82', true],
    ['https://%C3%A4:%E2%82%AC@h.example', 'https://h.example', 'ä', '€', true],
    // the first ':' ends the user; an empty userinfo is still taken out
    ['https://u:p:q@h.example', 'https://h.example', 'u', 'p:q', true],
    ['https://@h.example', 'https://h.example', '', '', true],
    // the rest is kept as written, not normalized the way URL would
    ['HTTPS://u:p@H.Example:8545', 'HTTPS://H.Example:8545', 'u', 'p', true],
    ['https://u:p@', 'https://', 'u', 'p', true],
    // a scheme must start the text
    ['see https://u:p@h.example/', 'see https://u:p@h.example/', '', '', false],
    ['h.example:8545', 'h.example:8545', '', '', false],
  ])('%s', (text, url, user, password, found) =>
    expect(splitUserInfo(text)).toStrictEqual({ url, user, password, found }),
  );
});
