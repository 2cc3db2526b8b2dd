import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run mutate`'s argument errors: each stops before Stryker starts, with exit code 2 and one line saying what is
// wrong. (A run that starts Stryker takes minutes; those are measured by hand, see the README.)
const mutate = (...args: string[]) =>
  spawnSync('node', ['--disable-warning=ExperimentalWarning', 'scripts/mutate.mjs', ...args], {
    encoding: 'utf8',
    timeout: 20000,
  });

describe('npm run mutate: bad arguments', () => {
  it.each([
    [['nosuch'], "mutate: unknown folder 'nosuch' (one of: flatten, es5, rpc, tracer, host)"],
    [
      ['--mutate', 'src/io/x.ts'],
      "mutate: --mutate 'src/io/x.ts' is not inside src/core/flatten, src/core/es5, src/core/rpc, src/core/tracer, src/evm/host",
    ],
    [
      ['es5', '--mutate', 'src/evm/host/gethErrors.ts'],
      "mutate: --mutate 'src/evm/host/gethErrors.ts' is in host; name no other folder with it",
    ],
    [['--mutate', 'src/evm/host/gethErrors.ts', '--tests'], 'mutate: --tests needs a glob of test files'],
    [['host', '--tests='], 'mutate: --tests needs a glob of test files'],
  ])('%j → %s', (args, message) => {
    const r = mutate(...args);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(message);
    expect(r.stdout).not.toContain('stryker');
  });
});

describe('stryker.config.mjs: the test files of a run', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });
  // The config reads the environment when it is loaded: a query string gives a fresh copy of the module.
  let n = 0;
  const load = async (env: Record<string, string>) => {
    Object.assign(process.env, env);
    const m = await import(/* @vite-ignore */ `../../../stryker.config.mjs?case=${n++}`);
    return m.default as { testFiles: string[]; mutate: string[] };
  };

  it('a folder runs its own tests', async () => {
    const c = await load({ STRYKER_FOLDER: 'host' });
    expect(c.testFiles).toEqual(['test/unit/host/**/*.test.ts']);
    expect(c.mutate[0]).toBe('src/evm/host/**/*.ts');
  });

  it('--tests (STRYKER_TESTS) replaces them', async () => {
    const globs = ['test/unit/host/!(realmIsolation).test.ts', 'test/unit/host/errors.test.ts'];
    const c = await load({
      STRYKER_FOLDER: 'host',
      STRYKER_MUTATE: 'src/evm/host/gethDynamicGas.ts',
      STRYKER_TESTS: JSON.stringify(globs),
    });
    expect(c.testFiles).toEqual(globs);
    expect(c.mutate[0]).toBe('src/evm/host/gethDynamicGas.ts');
  });
});
