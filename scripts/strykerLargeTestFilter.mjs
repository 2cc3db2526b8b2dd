// A Stryker plugin module (stryker.config.mjs `plugins`) that lets the vitest runner test mutants covered by
// hundreds of tests. @stryker-mutator/vitest-runner 9.6.1 selects a mutant's covering tests with one regular
// expression of all their names; when that expression is more than V8 accepts ("SyntaxError: Regular expression too
// large"), vitest fails while collecting, the runner crashes printing that error, and Stryker reports the mutant as a
// runtime error, untested. Seen for code on every trace's path: one host test's name held a 400 kB tracer (now
// labelled shortly, vmRealmFailures.test.ts), and names of hundreds of covering tests add up. Past `maxNamedTests`
// covering tests this runs the covering tests' files whole instead: the extra tests there do not run the mutated
// code (they do not cover it), so they cannot change the outcome, only add time. Loaded by Stryker's main and
// test-runner processes; it registers no plugin of its own.
import { determineHitLimitReached, toMutantRunResult } from '@stryker-mutator/api/test-runner';

// The package exports only its plugin list: the runner class is reached by its file (same module instance, as
// Stryker loads the package from the same node_modules).
const runnerFile = new URL(
  '../node_modules/@stryker-mutator/vitest-runner/dist/src/vitest-test-runner.js',
  import.meta.url,
);
const { VitestTestRunner } = await import(runnerFile.href);

/** Up to this many covering tests the runner's own name filter is used. */
export const maxNamedTests = 200;

/** The test file of a Stryker vitest test id (`file#full name`). */
export const testFileOf = (id) => id.split('#')[0];

const mutantRun = VitestTestRunner.prototype.mutantRun;
VitestTestRunner.prototype.mutantRun = async function (options) {
  if (!options.testFilter || options.testFilter.length <= maxNamedTests) return mutantRun.call(this, options);
  // The runner's mutantRun, with whole files instead of a name pattern.
  this.ctx.provide('mode', 'mutant');
  this.ctx.provide('hitLimit', options.hitLimit);
  this.ctx.provide('mutantActivation', options.mutantActivation);
  this.ctx.provide('activeMutant', options.activeMutant.id);
  const result = await this.run({
    testFiles: [...new Set(options.testFilter.map(testFileOf))],
    relatedFiles: [options.sandboxFileName],
  });
  return toMutantRunResult(determineHitLimitReached(this.readHitCount(), options.hitLimit) ?? result);
};

export const strykerPlugins = [];
