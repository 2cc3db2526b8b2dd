import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import compiled from '../../../src/evm/contracts/compiled.json' with { type: 'json' };

const repo = join(import.meta.dirname, '../../..');

describe('src/evm/contracts/compiled.json', () => {
  it('is what scripts/compile-contracts.mjs produces from the .sol sources (solc 0.8.37)', () => {
    const out = execFileSync(process.execPath, ['scripts/compile-contracts.mjs', '--check'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('compiled.json is up to date');
    expect(compiled.compiler).toMatch(/^solc 0\.8\.37\+/);
  });

  it.each(['DemoToken', 'ProbeLogic', 'ProbeChild', 'CallProbe', 'Reverter', 'SelfDestructor'])(
    'has %s with code and an ABI',
    (name) => {
      const c = (
        compiled.contracts as Record<string, { bytecode: string; deployedBytecode: string; abi: unknown[] }>
      )[name];
      expect(c.bytecode).toMatch(/^0x[0-9a-f]{100,}$/);
      expect(c.deployedBytecode).toMatch(/^0x[0-9a-f]+$/);
      expect(c.abi.length).toBeGreaterThan(0);
    },
  );
});
