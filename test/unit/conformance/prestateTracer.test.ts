import { describe } from 'vitest';
import { knownFailures } from './knownFailures.ts';
import { declareFolder } from './runFixtureFolder.ts';

describe('prestate_tracer with prestate.js', () => {
  declareFolder({
    folder: 'prestate_tracer',
    knownFailures: knownFailures['prestate_tracer'],
    template: 'prestate.js',
  });
});
