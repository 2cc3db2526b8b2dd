const OP_0 = 0x00;
const OP_1 = 0x51;
const OP_16 = 0x60;
const OP_RETURN = 0x6a;
const OP_DUP = 0x76;
const OP_EQUAL = 0x87;
const OP_EQUALVERIFY = 0x88;
const OP_HASH160 = 0xa9;
const OP_CHECKSIG = 0xac;
const OP_CHECKMULTISIG = 0xae;

function bytesOf(hex: string): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < hex.length; i += 2) out.push(parseInt(hex.slice(i, i + 2), 16));
  return out;
}

function isPubkeyPush(s: number[], at: number): number {
  const n = s[at];
  return (n === 33 || n === 65) && at + 1 + n <= s.length ? n + 1 : 0;
}

function isMultisig(s: number[]): boolean {
  if (s.length < 3 || s[s.length - 1] !== OP_CHECKMULTISIG) return false;
  const m = s[0] - OP_1 + 1;
  const n = s[s.length - 2] - OP_1 + 1;
  if (m < 1 || m > 16 || n < m || n > 16) return false;
  let at = 1;
  for (let k = 0; k < n; k++) {
    const step = isPubkeyPush(s, at);
    if (!step) return false;
    at += step;
  }
  return at === s.length - 2;
}

// Only data pushes (up to OP_16) may follow OP_RETURN in a standard null-data output.
function isPushOnly(s: number[], from: number): boolean {
  let at = from;
  while (at < s.length) {
    const op = s[at];
    if (op > OP_16) return false;
    let len = 0;
    let head = 1;
    if (op >= 1 && op <= 0x4b) len = op;
    else if (op === 0x4c) [len, head] = [s[at + 1] ?? Infinity, 2];
    else if (op === 0x4d) [len, head] = [(s[at + 1] ?? Infinity) + (s[at + 2] ?? Infinity) * 256, 3];
    else if (op === 0x4e) return false;
    at += head + len;
  }
  return at === s.length;
}

function classifyWitness(s: number[]): string | null {
  const version = s[0] === OP_0 ? 0 : s[0] >= OP_1 && s[0] <= OP_16 ? s[0] - OP_1 + 1 : -1;
  const len = s[1];
  if (version < 0 || s.length < 4 || s.length > 42 || len !== s.length - 2) return null;
  if (version === 0 && len === 20) return 'witness_v0_keyhash';
  if (version === 0 && len === 32) return 'witness_v0_scripthash';
  if (version === 1 && len === 32) return 'witness_v1_taproot';
  if (version === 1 && len === 2 && s[2] === 0x4e && s[3] === 0x73) return 'anchor';
  return version === 0 ? 'nonstandard' : 'witness_unknown';
}

/** Bitcoin Core's name for the kind of an output script (`scriptPubKey.type`), from its hex. */
export function classifyScript(hex: string): string {
  const s = bytesOf(hex);
  if (s.length === 25 && s[0] === OP_DUP && s[1] === OP_HASH160 && s[2] === 20)
    if (s[23] === OP_EQUALVERIFY && s[24] === OP_CHECKSIG) return 'pubkeyhash';
  if (s.length === 23 && s[0] === OP_HASH160 && s[1] === 20 && s[22] === OP_EQUAL) return 'scripthash';
  const witness = classifyWitness(s);
  if (witness) return witness;
  if ((s.length === 35 || s.length === 67) && isPubkeyPush(s, 0) === s.length - 1)
    if (s[s.length - 1] === OP_CHECKSIG) return 'pubkey';
  if (s[0] === OP_RETURN && isPushOnly(s, 1)) return 'nulldata';
  if (isMultisig(s)) return 'multisig';
  return 'nonstandard';
}
