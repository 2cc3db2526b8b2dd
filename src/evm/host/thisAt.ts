/**
 * Rebuilds the tracer object (`this`) of an inspected run at a step, from the report's initial JSON and the changes of
 * each hook call (see inspectTypes). Pure: the page's Debug panel and tests call it.
 */

import type { InspectReport, ThisChange } from './inspectTypes.ts';

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** `this` after step `step`, or why it cannot be rebuilt. */
export type ThisAtResult = { ok: true; value: Json } | { ok: false; reason: string };

/**
 * `this` as it was after every hook call that belongs to step `step` or an earlier one (`-1`: after setup, before the
 * first step). Fails when the initial state could not be serialised, or when a call on the way was capped or holds a
 * value cut at 200 characters.
 */
export function thisAt(report: Pick<InspectReport, 'thisInitial' | 'hookCalls'>, step: number): ThisAtResult {
  if (report.thisInitial === undefined)
    return { ok: false, reason: 'this could not be serialised after setup' };
  let value = JSON.parse(report.thisInitial) as Json;
  for (const call of report.hookCalls) {
    if (call.step > step) break;
    if (call.capped)
      return { ok: false, reason: `the ${call.hook} call of step ${call.step} changed too much to record` };
    for (const change of call.changes) {
      if (change.truncated)
        return { ok: false, reason: `${change.path} at step ${call.step} is too long to record` };
      value = applyChange(value, change);
    }
  }
  return { ok: true, value };
}

/** Applies one change to a JSON value (in place where it can; returns the new root). */
export function applyChange(root: Json, change: ThisChange): Json {
  const keys = parseThisPath(change.path);
  if (keys.length === 0) {
    if (change.kind === 'pushed') (root as Json[]).push(JSON.parse(change.value!) as Json);
    else root = change.kind === 'removed' ? null : (JSON.parse(change.value!) as Json);
    return root;
  }
  let parent = root as Record<string, Json> | Json[];
  for (const key of keys.slice(0, -1))
    parent = (parent as Record<string | number, Json>)[key] as typeof parent;
  const last = keys[keys.length - 1];
  const container = parent as Record<string | number, Json>;
  if (change.kind === 'pushed') (container[last] as Json[]).push(JSON.parse(change.value!) as Json);
  else if (change.kind !== 'removed') container[last] = JSON.parse(change.value!) as Json;
  else if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete container[last];
  return root;
}

/** The keys of a path as the realm writes them: `a.b`, `a[3]`, `a["not an identifier"]` (JSON string). */
export function parseThisPath(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  let i = 0;
  while (i < path.length) {
    if (path[i] === '.') i++;
    if (path[i] === '[' && path[i + 1] === '"') {
      const end = jsonStringEnd(path, i + 1);
      keys.push(JSON.parse(path.slice(i + 1, end)) as string);
      i = end + 1;
    } else if (path[i] === '[') {
      const end = path.indexOf(']', i);
      keys.push(Number(path.slice(i + 1, end)));
      i = end + 1;
    } else {
      const m = /^[A-Za-z_$][\w$]*/.exec(path.slice(i));
      if (!m) throw new Error(`bad path ${path} at ${i}`);
      keys.push(m[0]);
      i += m[0].length;
    }
  }
  return keys;
}

/** The index just past the closing quote of the JSON string that starts at `start`. */
function jsonStringEnd(text: string, start: number): number {
  let i = start + 1;
  while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}
