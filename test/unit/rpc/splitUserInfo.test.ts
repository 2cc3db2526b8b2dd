import { describe, expect, it } from 'vitest';
import { splitUserInfo } from '../../../src/core/rpc/splitUserInfo.ts';

describe('splitUserInfo', () => {
  it.each([
    ['https://alice:pw@h.example/rpc', 'https://h.example/rpc', 'alice', 'pw', true],
    ['https://alice@h.example', 'https://h.example', 'alice', '', true],
    // the last @ before the path ends the userinfo
    ['https://u:p@ss@h.example/a@b', 'https://h.example/a@b', 'u', 'p@ss', true],
    ['https://h.example/a@b', 'https://h.example/a@b', '', '', false],
    ['https://h.example?x=a@b', 'https://h.example?x=a@b', '', '', false],
    ['  wss://u:p%40w@h.example/', '  wss://h.example/', 'u', 'p@w', true],
    ['https://%zz:p@h.example', 'https://h.example', '%zz', 'p', true],
    ['https://u:p@', 'https://', 'u', 'p', true],
    // a scheme must start the text
    ['see https://u:p@h.example/', 'see https://u:p@h.example/', '', '', false],
    ['h.example:8545', 'h.example:8545', '', '', false],
  ])('%s', (text, url, user, password, found) =>
    expect(splitUserInfo(text)).toStrictEqual({ url, user, password, found }),
  );
});
