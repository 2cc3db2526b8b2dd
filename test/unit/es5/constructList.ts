import { checkEs5 } from '../../../src/core/es5/checkEs5.ts';
import type { TargetId } from '../../../src/core/targets.ts';

/**
 * Every diagnostic of `code` but the target summary, as `start-end ruleId` (`line:col`) and ` +N` when it groups N
 * more places: for tables that pin which constructs are named, where, how often, and that nothing else is.
 */
export function constructs(code: string, target: TargetId = 'es5'): string[] {
  return checkEs5(code, { target })
    .diagnostics.filter((d) => d.ruleId !== 'es5/target-summary')
    .map(
      (d) =>
        `${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column} ${d.ruleId}` +
        (d.related ? ` +${d.related.length}` : ''),
    );
}
