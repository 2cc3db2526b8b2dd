import { type NodeErrorLocationForm, nodeErrorLocationForms } from './nodeErrorLocations.ts';

/** A position read from a node's error text, as the node wrote it. */
export interface NodeErrorLocation {
  /** The form that read it (a row of `nodeErrorLocationForms`). */
  form: NodeErrorLocationForm['id'];
  /** 1-based line. */
  line: number;
  /** 1-based column; on line 1 it counts the `(` the node prepends. */
  column: number;
  /** goja's bytecode offset (`(N)` after the column), when the form has one. */
  offset?: number;
}

/**
 * Reads the position in a node's tracer error text with the first form of `nodeErrorLocationForms` that matches
 * (goja `<eval>:1:70(2)`, goja `Line 1:70`, Boa `at line 1, col 50`, V8 `<anonymous>:1:70`). Undefined when no form
 * matches.
 */
export function findNodeErrorLocation(
  text: string,
  forms: readonly NodeErrorLocationForm[] = nodeErrorLocationForms,
): NodeErrorLocation | undefined {
  for (const form of forms) {
    const groups = form.position.exec(text)?.groups;
    if (!groups) continue;
    const at: NodeErrorLocation = { form: form.id, line: Number(groups.line), column: Number(groups.column) };
    if (groups.offset !== undefined) at.offset = Number(groups.offset);
    return at;
  }
  return undefined;
}

/**
 * The 1-based position in the tracer text as sent: line 1 loses the column of the `(` the node prepended (never
 * below column 1); other lines are as reported.
 */
export function sentPosition(at: { line: number; column: number }): { line: number; column: number } {
  return at.line === 1
    ? { line: 1, column: Math.max(1, at.column - 1) }
    : { line: at.line, column: at.column };
}

/** The text without the positions and stack frames of every form (each form's `noise`), spaces collapsed. */
export function removeNodeErrorLocations(
  text: string,
  forms: readonly NodeErrorLocationForm[] = nodeErrorLocationForms,
): string {
  let out = text;
  for (const form of forms) for (const noise of form.noise) out = out.replace(noise, ' ');
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * The tracer function a node's error text names (geth's `… in server-side tracer function 'step'`), the one
 * place that reads that suffix. Undefined when the text names none.
 */
export function findTracerFunction(text: string): string | undefined {
  return tracerFunctionSuffix.exec(text)?.[1];
}

/** Whether the text carries geth's `in server-side tracer function` suffix (with or without a name). */
export function namesTracerFunction(text: string): boolean {
  return text.includes(tracerFunctionWords);
}

/** Everything before the suffix that names the tracer function (the whole text when there is none). */
export function beforeTracerFunction(text: string): string {
  const at = text.indexOf(tracerFunctionWords);
  return at < 0 ? text : text.slice(0, at);
}

const tracerFunctionWords = 'in server-side tracer function';
const tracerFunctionSuffix = /in server-side tracer function '([\w$]+)'/;
