// A call frame as the inspector shows it: labelled fields, decoded call, output, revert and logs, and the hex split
// into lines. Pure, so the words are checked by unit tables.
import { formatCount, formatWei } from '../result/quantities.ts';
import type { FrameDetail } from '../result/viewData.ts';
import type { AbiBook } from './abiBook.ts';
import {
  decodeCallInput,
  decodeCallOutput,
  decodeLogEntry,
  decodeRevertData,
  type Decoded,
  type DecodedArg,
} from './decodeAbiData.ts';

/** One labelled line of the inspector (`testid` names it for tests). */
export interface FrameField {
  label: string;
  value: string;
  testid: string;
}

/** A log with its event decoded when the book knows its topic 0. */
export interface DescribedLog {
  address: string;
  topics: string[];
  data: string;
  decoded: Decoded | null;
}

/** Everything the frame inspector shows of one frame. */
export interface FrameFacts {
  /** The decoded function (`transfer(address,uint256)`), else the selector, else the frame type. */
  title: string;
  fields: FrameField[];
  call: Decoded | null;
  input: string;
  output: string;
  outputArgs: DecodedArg[] | null;
  revert: Decoded | null;
  logs: DescribedLog[];
}

/** A value in wei and in ether: `1000000000000000000 wei (1 ETH)`. */
export function describeWei(wei: string | null): string {
  if (wei === null) return '—';
  return `${wei} wei (${formatWei(wei)})`;
}

/**
 * Hex in lines for reading: a call's 4-byte selector on its own line, then 32-byte words (the ABI's unit), the
 * last one as long as it is. `0x` alone stays as it is.
 */
export function hexLines(hex: string, selector: boolean): string[] {
  if (!/^0x[0-9a-fA-F]*$/.test(hex) || hex.length <= 2) return [hex];
  const body = hex.slice(2);
  const lines: string[] = [];
  let at = 0;
  if (selector && body.length >= 8) {
    lines.push('0x' + body.slice(0, 8));
    at = 8;
  }
  for (; at < body.length; at += 64) lines.push((lines.length ? '' : '0x') + body.slice(at, at + 64));
  return lines;
}

const gasText = (n: number | null) => (n === null ? '—' : formatCount(n));

function fieldsOf(d: FrameDetail): FrameField[] {
  const fields: FrameField[] = [
    { label: 'Type', value: d.type || '—', testid: 'fi-type' },
    { label: 'From', value: d.from || '—', testid: 'fi-from' },
    { label: 'To', value: d.to || (d.type.startsWith('CREATE') ? '(new contract)' : '—'), testid: 'fi-to' },
    { label: 'Value', value: describeWei(d.valueWei), testid: 'fi-value' },
    { label: 'Gas', value: gasText(d.gas), testid: 'fi-gas' },
    { label: 'Gas used', value: gasText(d.gasUsed), testid: 'fi-gas-used' },
    { label: 'Path', value: d.path.length ? d.path.join(' › ') : 'top frame', testid: 'fi-path' },
  ];
  if (d.error) fields.push({ label: 'Error', value: d.error, testid: 'fi-error' });
  if (d.revertReason)
    fields.push({ label: 'Revert reason', value: d.revertReason, testid: 'fi-revert-reason' });
  return fields;
}

/** Describes a frame, decoding its call, output, revert data and logs with `book`. */
export function describeFrame(d: FrameDetail, book: AbiBook): FrameFacts {
  const creates = d.type.startsWith('CREATE');
  const call = creates ? null : decodeCallInput(book, d.input);
  const selector = !creates && /^0x[0-9a-fA-F]{8}/.test(d.input) ? d.input.slice(0, 10).toLowerCase() : null;
  return {
    title: call?.signature ?? selector ?? `${d.type}${creates ? ' (contract creation)' : ''}`,
    fields: fieldsOf(d),
    call,
    input: d.input,
    output: d.output,
    outputArgs: d.error || creates ? null : decodeCallOutput(book, d.input, d.output),
    revert: d.error ? decodeRevertData(book, d.output) : null,
    logs: d.logs.map((l) => ({ ...l, decoded: decodeLogEntry(book, l.topics, l.data) })),
  };
}
