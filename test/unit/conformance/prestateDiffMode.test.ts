import { describe } from 'vitest';
import { knownFailures } from './knownFailures.ts';
import { declareFolder } from './runFixtureFolder.ts';

describe('prestate_tracer_with_diff_mode with prestate.js, and by the name prestateTracer', () => {
  declareFolder({
    folder: 'prestate_tracer_with_diff_mode',
    builtinName: 'prestateTracer',
    knownFailures: knownFailures['prestate_tracer_with_diff_mode'],
    template: 'prestate.js',
    config: (c) => ({ ...(c as object), diffMode: true }),
  });
});
