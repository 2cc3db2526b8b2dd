import { describe } from 'vitest';
import { projectCallTrace } from './gethShapes.ts';
import { knownFailures } from './knownFailures.ts';
import { declareFolder } from './runFixtureFolder.ts';

describe('call_tracer with call-tree.js', () => {
  declareFolder({
    folder: 'call_tracer',
    builtinName: 'callTracer',
    knownFailures: knownFailures['call_tracer'],
    template: 'call-tree.js',
    expected: (r) => projectCallTrace(r as Record<string, unknown>),
  });
});
