/** The outcome of a validator: the normalized value, or one plain-words message saying what is wrong and how to fix it. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** A problem found in one place of a request: `path` is like `params[0].gas` or `options.timeout`. */
export interface ParamError {
  path: string;
  message: string;
}

/** Shorthand for a successful {@link Checked}. */
export function pass<T>(value: T): Checked<T> {
  return { ok: true, value };
}

/** Shorthand for a failed {@link Checked}. */
export function fail<T = never>(message: string): Checked<T> {
  return { ok: false, message };
}

/** Describes a JSON value briefly for messages (`a number`, `null`, `an object`...). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `${value}`;
  if (value === undefined) return 'nothing';
  return `an ${typeof value}`;
}
