// Stack inputs/outputs per opcode byte (facts of the Yellow Paper / geth's jump table), used to classify stack
// errors as geth does: they are found *before* the op is logged, so `step` sees them via getError().
const table = new Int8Array(512).fill(-1);

function set(first: number, spec: string): void {
  spec.split(' ').forEach((pair, i) => {
    const [inputs, outputs] = pair.split('/').map(Number);
    table[(first + i) * 2] = inputs;
    table[(first + i) * 2 + 1] = outputs;
  });
}

set(0x00, '0/0 2/1 2/1 2/1 2/1 2/1 2/1 2/1 3/1 3/1 2/1 2/1');
set(0x10, '2/1 2/1 2/1 2/1 2/1 1/1 2/1 2/1 2/1 1/1 2/1 2/1 2/1 2/1 1/1');
set(0x20, '2/1');
set(0x30, '0/1 1/1 0/1 0/1 0/1 1/1 0/1 3/0 0/1 3/0 0/1 1/1 4/0 0/1 3/0 1/1');
set(0x40, '1/1 0/1 0/1 0/1 0/1 0/1 0/1 0/1 0/1 1/1 0/1');
set(0x50, '1/0 1/1 2/0 2/0 1/1 2/0 1/0 2/0 0/1 0/1 0/1 0/0 1/1 2/0 3/0 0/1');
for (let i = 1; i <= 32; i++) set(0x5f + i, '0/1');
for (let i = 1; i <= 16; i++) set(0x7f + i, `${i}/${i + 1}`);
for (let i = 1; i <= 16; i++) set(0x8f + i, `${i + 1}/${i + 1}`);
for (let i = 0; i <= 4; i++) set(0xa0 + i, `${i + 2}/0`);
set(0xf0, '3/1 7/1 7/1 2/0 6/1 4/1');
set(0xfa, '6/1');
set(0xfd, '2/0 0/0 1/0');

const stackLimit = 1024;

/**
 * geth's stack check for an op that is defined in the active fork: the error text, or undefined when the stack is
 * fine. `stack underflow (<len> <=> <required>)` / `stack limit reached <len> (<limit>)`.
 */
export function checkStack(op: number, len: number): string | undefined {
  const inputs = table[op * 2];
  // Stryker disable next-line ConditionalExpression: an op without a row has -1/-1, which (without this line) gives no underflow and a limit of 1024, so only a stack longer than the EVM's 1024 items could tell
  if (inputs < 0) return undefined;
  const outputs = table[op * 2 + 1];
  if (len < inputs) return `stack underflow (${len} <=> ${inputs})`;
  const max = stackLimit + inputs - outputs;
  if (len > max) return `stack limit reached ${len} (${max})`;
  return undefined;
}
