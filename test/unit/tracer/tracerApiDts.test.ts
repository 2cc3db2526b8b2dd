import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { buildTracerApiDts } from '../../../src/core/tracer/buildTracerApiDts.ts';

describe('tracer API declarations', () => {
  it('compile against the ES5 library alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tracer-dts-'));
    try {
      const file = join(dir, 'tracer-api.d.ts');
      writeFileSync(file, buildTracerApiDts());
      const program = ts.createProgram([file], { lib: ['lib.es5.d.ts'], strict: true, noEmit: true });
      const messages = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(messages).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
