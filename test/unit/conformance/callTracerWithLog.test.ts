import { describe } from 'vitest';
import { projectCallTrace } from './gethShapes.ts';
import { knownFailures } from './knownFailures.ts';
import { declareFolder } from './runFixtureFolder.ts';

describe('call_tracer_withLog with call-tree.js', () => {
  declareFolder({
    folder: 'call_tracer_withLog',
    builtinName: 'callTracer',
    knownFailures: knownFailures['call_tracer_withLog'],
    template: 'call-tree.js',
    config: (c) => ({ ...(c as object), withLog: true }),
    expected: (r) => projectCallTrace(r as Record<string, unknown>),
  });
});
