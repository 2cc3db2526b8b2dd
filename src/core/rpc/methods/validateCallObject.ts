import { type Checked, type ParamError, describeValue, fail, pass } from './checked.ts';
import { validateAddress, validateData, validateQuantity } from './validateHex.ts';

type FieldCheck = (value: unknown, kind: string) => Checked<unknown>;

const quantity64: FieldCheck = (v, k) => validateQuantity(v, k, 64);
const quantity256: FieldCheck = (v, k) => validateQuantity(v, k, 256);
const addressOrNull: FieldCheck = (v, k) => (v === null ? pass(v) : validateAddress(v, k));

/** The fields of a debug_traceCall call object this tool accepts, with their checks. */
export const callObjectFields: Readonly<Record<string, FieldCheck>> = {
  from: validateAddress,
  to: addressOrNull,
  gas: quantity64,
  gasPrice: quantity256,
  maxFeePerGas: quantity256,
  maxPriorityFeePerGas: quantity256,
  value: quantity256,
  nonce: quantity64,
  data: validateData,
  input: validateData,
};

/**
 * Validates a call object (spec 2.3 plus geth's TransactionArgs subset): `from, to, gas, gasPrice, value, data`,
 * `input`, `maxFeePerGas`, `maxPriorityFeePerGas`, `nonce`. Every problem is reported with its path under `path`.
 */
export function validateCallObject(
  value: unknown,
  path = 'call',
): Checked<Record<string, unknown>> & {
  errors?: ParamError[];
} {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return fail(`${path} must be an object like {"to":"0x…","data":"0x…"}, got ${describeValue(value)}`);
  }
  const o = value as Record<string, unknown>;
  const errors: ParamError[] = [];
  for (const [key, v] of Object.entries(o)) {
    const check = callObjectFields[key];
    if (!check) {
      const known = Object.keys(callObjectFields).join(', ');
      errors.push({
        path: `${path}.${key}`,
        message: `unknown field ${JSON.stringify(key)} (allowed: ${known})`,
      });
      continue;
    }
    const r = check(v, key);
    if (!r.ok) errors.push({ path: `${path}.${key}`, message: r.message });
  }
  if (
    typeof o.data === 'string' &&
    typeof o.input === 'string' &&
    o.data.toLowerCase() !== o.input.toLowerCase()
  ) {
    errors.push({
      path: `${path}.input`,
      message: 'data and input are both set and differ; geth rejects that: keep one',
    });
  }
  if ('gasPrice' in o && ('maxFeePerGas' in o || 'maxPriorityFeePerGas' in o)) {
    errors.push({
      path: `${path}.gasPrice`,
      message: 'gasPrice cannot be combined with maxFeePerGas/maxPriorityFeePerGas: use one fee style',
    });
  }
  if (errors.length > 0)
    return { ok: false, message: errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors };
  return pass(o);
}
