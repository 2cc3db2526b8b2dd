import { describeValue } from '../../core/rpc/methods/checked.ts';

/** A fixture file's text checked before it goes to the embedded node: the parsed object, or one plain message. */
export type FixtureCheck = { ok: true; json: Record<string, unknown> } | { ok: false; message: string };

type Obj = Record<string, unknown>;

const shape = 'a JSON object with genesis, context and input (geth tracetest format)';

/** Reads `name` from `o` the way Go's encoding/json does: an exact match first, then any letter case. */
export function fieldOf(o: Obj, name: string): unknown {
  if (name in o) return o[name];
  const lower = name.toLowerCase();
  const key = Object.keys(o).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : o[key];
}

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function checkPart(o: Obj, name: string, what: string, owner = 'The fixture'): string | null {
  const v = fieldOf(o, name);
  if (v === undefined) return `${owner} has no "${name}" (${what})`;
  if (!isObj(v)) return `${owner}: "${name}" must be an object (${what}), got ${describeValue(v)}`;
  return null;
}

/**
 * Checks the text of a fixture file: valid JSON, an object, with `genesis` (and its `alloc`), `context` and `input`.
 * The embedded node checks the rest (fork rules, the transaction itself) when it loads the fixture.
 */
export function checkFixtureText(text: string): FixtureCheck {
  if (text.trim() === '') return { ok: false, message: `The file is empty: a fixture is ${shape}` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `The file is not valid JSON: ${(e as Error).message}` };
  }
  if (!isObj(value))
    return { ok: false, message: `A fixture is ${shape}, but this file holds ${describeValue(value)}` };
  const problem =
    checkPart(value, 'genesis', 'the chain config and the accounts before the transaction') ??
    checkPart(
      fieldOf(value, 'genesis') as Obj,
      'alloc',
      'the accounts before the transaction',
      'The genesis',
    ) ??
    checkPart(value, 'context', 'the traced block: number, timestamp, miner, gasLimit');
  if (problem) return { ok: false, message: problem };
  const input = fieldOf(value, 'input');
  if (input === undefined)
    return { ok: false, message: 'The fixture has no "input" (the raw signed transaction as 0x… hex)' };
  if (typeof input !== 'string' || !/^0x([0-9a-fA-F]{2})+$/.test(input))
    return {
      ok: false,
      message: `The fixture: "input" must be the raw signed transaction as 0x… hex bytes, got ${describeValue(input)}`,
    };
  return { ok: true, json: value };
}
