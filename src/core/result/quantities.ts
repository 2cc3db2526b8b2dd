// Reading the numbers tracers return: JSON numbers, 0x-hex quantities (geth's hexutil) and decimal strings.

/** An integer as a bigint from a number, a 0x-hex string or a decimal string; null for anything else. */
export function toBigInt(v: unknown): bigint | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v) : null;
  if (typeof v !== 'string') return null;
  if (/^0x[0-9a-fA-F]{1,64}$/.test(v)) return BigInt(v);
  if (/^-?\d{1,80}$/.test(v)) return BigInt(v);
  return null;
}

/** A quantity as a JavaScript number (gas fits; a 256-bit value loses precision); null when it is not one. */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const b = toBigInt(v);
  return b === null ? null : Number(b);
}

/** Wei as ether text: `0.001 ETH`, `1,000 ETH`, `0 ETH`; null when `v` is not a quantity. */
export function formatWei(v: unknown): string | null {
  const wei = toBigInt(v);
  if (wei === null) return null;
  const sign = wei < 0n ? '-' : '';
  const abs = wei < 0n ? -wei : wei;
  const whole = abs / 10n ** 18n;
  const frac = (abs % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return `${sign}${groupDigits(whole.toString())}${frac ? '.' + frac : ''} ETH`;
}

/** A non-negative integer with thin grouping commas: `1,234,567`. */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A count or gas amount for display: `12,345`. */
export function formatCount(n: number): string {
  return Number.isInteger(n) ? groupDigits(String(Math.abs(n))).replace(/^/, n < 0 ? '-' : '') : String(n);
}

/**
 * Long hex for a narrow cell: a 32-byte word without its leading zeros (`0x…0007` → `0x7`), then anything still
 * longer than 24 characters cut in the middle (`0x4eb043c48b…4410f8d2`). Other text is returned as it is.
 */
export function compactHex(text: string): string {
  if (!/^0x[0-9a-fA-F]{25,}$/.test(text)) return text;
  let hex = text;
  if (text.length === 66) hex = '0x' + (text.slice(2).replace(/^0+/, '') || '0');
  return hex.length > 24 ? `${hex.slice(0, 12)}…${hex.slice(-8)}` : hex;
}

/** A short address for labels: `0xb994…66e4`. */
export function shortHex(hex: string, head = 6, tail = 4): string {
  return hex.length > head + tail + 1 ? `${hex.slice(0, head)}…${hex.slice(-tail)}` : hex;
}
