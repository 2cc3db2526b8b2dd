// A state diff → one row per changed field: prestateTracer's diff mode `{pre, post}` (geth leaves unchanged fields
// out of `post`, drops slots that become zero from it, and leaves a deleted account out of `post` altogether), or a
// `{address: {slot: {before, after}}}` storage diff.
import { isObject } from './detectResultShape.ts';
import { formatWei, toBigInt } from './quantities.ts';
import { viewLimits, type DiffData, type DiffRow } from './viewData.ts';

type Obj = Record<string, unknown>;
const zeroWord = '0x' + '0'.repeat(64);
const accountFields = ['balance', 'nonce', 'code', 'codeHash'];

/** A field's value as text: balances in ether, code by its size, other values as they are. */
export function showField(field: string, v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (field === 'balance') return formatWei(v) ?? String(v);
  if (field === 'code' && typeof v === 'string' && v.length > 24) {
    const bytes = Math.floor((v.length - 2) / 2);
    return `${v.slice(0, 12)}…${v.slice(-6)} (${bytes.toLocaleString('en-US')} bytes)`;
  }
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function balanceDelta(pre: unknown, post: unknown): string | null {
  const a = toBigInt(pre ?? '0x0');
  const b = toBigInt(post ?? '0x0');
  if (a === null || b === null || a === b) return null;
  const d = b - a;
  return (d > 0n ? '+' : '') + formatWei(d.toString());
}

function fieldsOf(account: Obj): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const f of accountFields) if (f in account) out.push([f, account[f]]);
  const storage = isObject(account.storage) ? account.storage : {};
  for (const [slot, v] of Object.entries(storage)) out.push([`storage ${slot}`, v]);
  return out;
}

function prestateDiff(pre: Obj, post: Obj, limit: number): DiffData {
  const rows: DiffRow[] = [];
  let unchanged = 0;
  const push = (r: Omit<DiffRow, 'delta'>, rawPre?: unknown, rawPost?: unknown) => {
    if (rows.length < limit)
      rows.push({ ...r, delta: r.field === 'balance' ? balanceDelta(rawPre, rawPost) : null });
  };
  const addresses = [...Object.keys(pre), ...Object.keys(post).filter((a) => !(a in pre))];
  for (const address of addresses) {
    const a = isObject(pre[address]) ? pre[address] : null;
    const b = isObject(post[address]) ? post[address] : null;
    if (a && !b) {
      for (const [field, v] of fieldsOf(a))
        push({ address, field, pre: showField(field, v), post: null, change: 'deleted' }, v, '0x0');
      continue;
    }
    if (!a && b) {
      for (const [field, v] of fieldsOf(b))
        push({ address, field, pre: null, post: showField(field, v), change: 'created' }, '0x0', v);
      continue;
    }
    if (!a || !b) continue;
    for (const field of accountFields) {
      if (field in b)
        push(
          {
            address,
            field,
            pre: showField(field, a[field]),
            post: showField(field, b[field]),
            change: field in a ? 'changed' : 'added',
          },
          a[field],
          b[field],
        );
      else if (field in a) unchanged++;
    }
    const sa = isObject(a.storage) ? a.storage : {};
    const sb = isObject(b.storage) ? b.storage : {};
    for (const slot of [...Object.keys(sa), ...Object.keys(sb).filter((s) => !(s in sa))]) {
      const field = `storage ${slot}`;
      if (slot in sb)
        push({
          address,
          field,
          pre: slot in sa ? showField(field, sa[slot]) : zeroWord,
          post: showField(field, sb[slot]),
          change: slot in sa ? 'changed' : 'added',
        });
      // In pre and not in post: the slot became zero.
      else push({ address, field, pre: showField(field, sa[slot]), post: zeroWord, change: 'removed' });
    }
  }
  return { format: 'prestate', rows, accounts: addresses.length, unchanged };
}

function beforeAfterDiff(value: Obj, limit: number): DiffData {
  const rows: DiffRow[] = [];
  let unchanged = 0;
  for (const [address, slots] of Object.entries(value)) {
    if (!isObject(slots)) continue;
    for (const [slot, c] of Object.entries(slots)) {
      if (!isObject(c)) continue;
      const pre = showField('storage', c.before);
      const post = showField('storage', c.after);
      if (pre === post) unchanged++;
      else if (rows.length < limit)
        rows.push({ address, field: `storage ${slot}`, pre, post, change: 'changed', delta: null });
    }
  }
  return { format: 'before-after', rows, accounts: Object.keys(value).length, unchanged };
}

/** The rows of a state diff (see the file's comment for the two formats), up to `limit`. */
export function prepareStateDiff(value: unknown, limit: number = viewLimits.rows): DiffData {
  if (!isObject(value)) return { format: 'prestate', rows: [], accounts: 0, unchanged: 0 };
  if (isObject(value.pre) && isObject(value.post) && Object.keys(value).length === 2)
    return prestateDiff(value.pre, value.post, limit);
  return beforeAfterDiff(value, limit);
}
