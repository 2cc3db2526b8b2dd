import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const checkEs5File = fileURLToPath(new URL('../../../src/core/es5/checkEs5.ts', import.meta.url));

// Runs checkEs5 in a worker whose stack is far smaller than Node's default, so acorn overflows below the
// nesting limit: the check must still answer with a clear error.
const workerCode = `
const { parentPort, workerData } = require('node:worker_threads');
import('tsx/esm/api')
  .then(({ tsImport }) => tsImport(workerData.file, workerData.file))
  .then(({ checkEs5 }) => parentPort.postMessage(checkEs5(workerData.source).diagnostics))
  .catch((e) => parentPort.postMessage('threw: ' + e.message));
`;

function checkInSmallStack(source: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerCode, {
      eval: true,
      workerData: { file: checkEs5File, source },
      resourceLimits: { stackSizeMb: 0.5 },
    });
    worker.once('message', (m) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });
}

describe('acorn running out of stack', () => {
  it('gives es5/too-deeply-nested with the depth reached, not an exception', async () => {
    const source = '{a: ' + '('.repeat(255) + '1' + ')'.repeat(255) + '}';
    const result = (await checkInSmallStack(source)) as { ruleId: string; message: string }[];
    expect(Array.isArray(result)).toBe(true);
    expect(result.map((d) => d.ruleId)).toEqual(['es5/too-deeply-nested']);
    const levels = Number(/over (\d+) levels/.exec(result[0].message)?.[1]);
    expect(result[0].message).toBe(
      `The code is nested too deeply to check (over ${levels} levels of brackets)`,
    );
    expect(levels).toBeGreaterThan(10);
    expect(levels).toBeLessThan(256);
  }, 30000);

  it('reads a 5,000-term expression in that small stack (operator chains are read in a loop)', async () => {
    const terms = Array.from({ length: 5000 }, (_, i) => `a${i % 7}`).join(' + ');
    const source = `{r: function () { var a0, a1, a2, a3, a4, a5, a6; return ${terms}; }}`;
    expect(await checkInSmallStack(source)).toEqual([]);
  }, 30000);
});
