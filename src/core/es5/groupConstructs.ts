import type { Diagnostic, Fix, LineIndex, TextEdit } from '../diagnostics.ts';
import { listNames, targetInfo, type TargetId } from '../targets.ts';
import { describeConstruct, es5Rules, runSentence, type ConstructVerdict } from './es5Rules.ts';
import type { Finding } from './finding.ts';

/** The rule id of the one summary line about constructs a target runs. */
export const targetSummaryRule = 'es5/target-summary';

interface Judged {
  finding: Finding;
  verdict: ConstructVerdict;
}

/** The lines of a group, "3, 5, 8 and 12 more". */
function lineList(lines: LineIndex, group: readonly Judged[]): string {
  const unique = [...new Set(group.map((j) => lines.positionAt(j.finding.start).line))];
  const shown = unique.slice(0, 4).join(', ');
  return unique.length > 4 ? `${shown} and ${unique.length - 4} more` : shown;
}

/** Every fixable occurrence's edits that do not overlap an earlier one (a nested arrow goes with its outer one). */
function mergedFix(group: readonly Judged[]): Fix | undefined {
  const fixes = group.map((j) => j.finding.fix).filter((f): f is Fix => f !== undefined);
  if (fixes.length === 0) return undefined;
  if (fixes.length === 1) return fixes[0];
  const taken: TextEdit[] = [];
  // Each place lies inside (or at the end of) its own edit and places come sorted by start, so an edit never lies
  // wholly before one taken earlier: it overlaps one when it starts before that one ends, that is before the last
  // end taken (kept, so that thousands of places cost no more than one each).
  let end = -Infinity;
  // Stryker disable next-line EqualityOperator: edits of one rule never touch end to start ('<=' would skip such a place)
  const overlaps = (e: TextEdit) => e.start < end;
  let places = 0;
  for (const fix of fixes) {
    // Stryker disable next-line MethodExpression: every fix of a construct is one edit, so 'some' and 'every' agree
    if (fix.edits.some(overlaps)) continue;
    for (const e of fix.edits) {
      taken.push(e);
      end = Math.max(end, e.end);
    }
    places++;
  }
  return { title: `${fixes[0].title} (${places} ${places === 1 ? 'place' : 'places'})`, edits: taken };
}

function groupMessage(lines: LineIndex, group: readonly Judged[], target: TargetId): string {
  const first = group[0].finding;
  const rule = es5Rules[first.ruleId];
  const since = first.since ?? rule.since;
  const list = lineList(lines, group);
  const where = /^\d+$/.test(list) ? `line ${list}` : `lines ${list}`;
  const { verdict } = group[0];
  const head = `${group.length} ${rule.name}`;
  if (target === 'es5') {
    const who = verdict.runners.length > 0 ? ` ${runSentence(verdict.runners)}; es5 nodes do not.` : '';
    return `${head} (${where}): ${since} syntax, not ES5.1: ${rule.hint}.${who}`;
  }
  if (verdict.severity === 'info')
    return `${head} (${where}): ${since} syntax: ${runSentence([target])}; es5 nodes do not (for every node: ${rule.hint}).`;
  const others = verdict.runners.length > 0 ? ` ${runSentence(verdict.runners)}.` : '';
  return `${head} (${where}): ${since} syntax, which ${targetInfo(target).label} does not run: ${rule.hint}.${others}`;
}

/**
 * Turns the constructs found in one source into diagnostics for a target: one diagnostic per kind of construct
 * (the same rule, edition and verdict) with a count, the lines, every place in `related` and one fix for all of
 * them; plus one summary line when every construct is one that the chosen target, the detected target, or every
 * node but es5 ones runs.
 */
export function groupConstructs(
  findings: readonly Finding[],
  lines: LineIndex,
  target: TargetId,
  detected?: TargetId,
): Diagnostic[] {
  const groups = new Map<string, Judged[]>();
  for (const finding of [...findings].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const verdict = describeConstruct(finding, target);
    // No `since` reads "undefined", which is no edition; the runner ids hold no ','.
    const key = `${finding.ruleId}|${finding.since}|${verdict.severity}|${verdict.runners.join()}`;
    const list = groups.get(key);
    if (list) list.push({ finding, verdict });
    else groups.set(key, [{ finding, verdict }]);
  }
  const out: Diagnostic[] = [];
  for (const group of groups.values()) {
    const { finding, verdict } = group[0];
    const d: Diagnostic = {
      severity: verdict.severity,
      ruleId: finding.ruleId,
      message: group.length === 1 ? verdict.message : groupMessage(lines, group, target),
      range: lines.rangeOf(finding.start, finding.end),
    };
    if (group.length > 1)
      d.related = group.slice(1).map((j) => lines.rangeOf(j.finding.start, j.finding.end));
    const fix = mergedFix(group);
    // Stryker disable next-line ConditionalExpression: a fix set to undefined is no fix to any reader (and JSON drops it)
    if (fix) d.fix = fix;
    out.push(d);
  }
  const summary = summarize([...groups.values()], lines, target, detected);
  if (summary) out.push(summary);
  return out;
}

function kindsText(groups: readonly Judged[][]): string {
  return listNames(groups.map((g) => `${es5Rules[g[0].finding.ruleId].name} (${g.length})`));
}

function summarize(
  groups: readonly Judged[][],
  lines: LineIndex,
  target: TargetId,
  detected: TargetId | undefined,
): Diagnostic | null {
  const judged = groups.flat();
  if (judged.length === 0) return null;
  // At the last construct: after every line it sums up (diagnostics are sorted by position).
  const last = judged.reduce((a, b) => (b.finding.start >= a.finding.start ? b : a)).finding;
  const range = lines.rangeOf(last.start, last.end);
  const total = judged.length;
  const places = groups.length > 1 ? ` (${total} places)` : '';
  const make = (message: string, suggestedTarget?: TargetId): Diagnostic => ({
    severity: 'info',
    ruleId: targetSummaryRule,
    message,
    range,
    ...(suggestedTarget ? { suggestedTarget } : {}),
  });
  if (target !== 'es5') {
    if (!judged.every((j) => j.verdict.severity === 'info')) return null;
    return make(
      `${targetInfo(target).name} runs this tracer; es5 nodes do not: ${kindsText(groups)}${places}. Convert it to ES5 to run it on every node.`,
    );
  }
  // Targets that run every construct found.
  let common = judged[0].verdict.runners;
  for (const j of judged) common = common.filter((id) => j.verdict.runners.includes(id));
  // Never es5: `runners` holds only targets other than es5.
  if (detected && common.includes(detected)) {
    const name = targetInfo(detected).name;
    return make(
      `The ES5.1 check fails only on syntax the probed node (${name}) runs: ${kindsText(groups)}${places}. Choose the target ${name}, or convert the tracer to ES5.`,
      detected,
    );
  }
  // Engine lists are all, modern or none: the targets running every construct are none, or two or more.
  if (common.length === 0) return null;
  return make(
    `The ES5.1 check fails only on syntax ${listNames(common.map((id) => targetInfo(id).name))} run: ${kindsText(groups)}${places}. Convert the tracer to ES5 for every node, or choose the target ${targetInfo(common[0]).name}.`,
    common[0],
  );
}
