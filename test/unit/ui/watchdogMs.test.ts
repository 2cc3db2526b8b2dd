import { describe, expect, it } from 'vitest';
import { watchdogMs } from '../../../src/io/sendToEndpoint.ts';

const body = (params: unknown[]) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'debug_traceCall', params });

describe('watchdogMs', () => {
  it.each([
    [body(['0x1', { tracer: '{}', timeout: '30s' }]), 40_000],
    [body(['0x1', { tracer: '{}', timeout: '1m30s' }]), 100_000],
    [body(['0x1', { tracer: '{}', timeout: '500ms' }]), 10_500],
    [body(['0x1', { tracer: '{}' }]), 15_000],
    [body(['0x1', { tracer: '{}', timeout: 'soon' }]), 15_000],
    [body([]), 15_000],
    ['not json', 15_000],
  ])('%s → %i ms', (text, expected) => {
    expect(watchdogMs(text)).toBe(expected);
  });
});
