import { describe } from 'vitest';
import { projectFlatList } from './gethShapes.ts';
import { knownFailures } from './knownFailures.ts';
import { declareFolder } from './runFixtureFolder.ts';

describe('call_tracer_flat with flat-calls.js', () => {
  declareFolder({
    folder: 'call_tracer_flat',
    builtinName: 'flatCallTracer',
    knownFailures: knownFailures['call_tracer_flat'],
    template: 'flat-calls.js',
    expected: projectFlatList,
    actual: projectFlatList,
  });
});
