/**
 * The names geth's `OpCode.String()` gives to opcode bytes (its `opCodeToString` table at the reference's HEAD,
 * core/vm/opcodes.go). `log.op.toString()` returns these, and `invalid opcode: <name>` names them, whatever the fork:
 * the EOF and EIP-8024 names (RJUMP, DUPN, EXTCALL…) and SLOTNUM included, though no fork this node runs enables
 * them. Any other byte gives `opcode 0xNN not defined` (see {@link opcodeName}).
 */
export const opcodeNames: ReadonlyMap<number, string> = buildOpcodeNames();

function buildOpcodeNames(): Map<number, string> {
  const m = new Map<number, string>();
  const run = (first: number, names: string) => names.split(' ').forEach((n, i) => m.set(first + i, n));
  run(0x00, 'STOP ADD MUL SUB DIV SDIV MOD SMOD ADDMOD MULMOD EXP SIGNEXTEND');
  run(0x10, 'LT GT SLT SGT EQ ISZERO AND OR XOR NOT BYTE SHL SHR SAR CLZ');
  run(0x20, 'KECCAK256');
  run(
    0x30,
    'ADDRESS BALANCE ORIGIN CALLER CALLVALUE CALLDATALOAD CALLDATASIZE CALLDATACOPY CODESIZE CODECOPY ' +
      'GASPRICE EXTCODESIZE EXTCODECOPY RETURNDATASIZE RETURNDATACOPY EXTCODEHASH',
  );
  // geth still prints 0x44 as DIFFICULTY (PREVRANDAO is only an alias constant).
  run(
    0x40,
    'BLOCKHASH COINBASE TIMESTAMP NUMBER DIFFICULTY GASLIMIT CHAINID SELFBALANCE BASEFEE BLOBHASH BLOBBASEFEE SLOTNUM',
  );
  run(
    0x50,
    'POP MLOAD MSTORE MSTORE8 SLOAD SSTORE JUMP JUMPI PC MSIZE GAS JUMPDEST TLOAD TSTORE MCOPY PUSH0',
  );
  for (let i = 1; i <= 32; i++) m.set(0x5f + i, `PUSH${i}`);
  for (let i = 1; i <= 16; i++) m.set(0x7f + i, `DUP${i}`);
  for (let i = 1; i <= 16; i++) m.set(0x8f + i, `SWAP${i}`);
  for (let i = 0; i <= 4; i++) m.set(0xa0 + i, `LOG${i}`);
  run(0xd0, 'DATALOAD DATALOADN DATASIZE DATACOPY');
  run(0xe0, 'RJUMP RJUMPI RJUMPV CALLF RETF JUMPF DUPN SWAPN EXCHANGE');
  m.set(0xec, 'EOFCREATE');
  m.set(0xee, 'RETURNCONTRACT');
  run(0xf0, 'CREATE CALL CALLCODE RETURN DELEGATECALL CREATE2');
  run(0xf7, 'RETURNDATALOAD EXTCALL EXTDELEGATECALL STATICCALL EXTSTATICCALL');
  m.set(0xfd, 'REVERT');
  m.set(0xfe, 'INVALID');
  m.set(0xff, 'SELFDESTRUCT');
  return m;
}

/** What `log.op.toString()` returns for a byte: its geth name, or `opcode 0xNN not defined` (lowercase hex, no padding). */
export function opcodeName(byte: number): string {
  return opcodeNames.get(byte) ?? `opcode 0x${byte.toString(16)} not defined`;
}

/** Every defined opcode name. */
export const opcodeNameSet: ReadonlySet<string> = new Set(opcodeNames.values());

/** Names that other tools or older geth versions use, mapped to the name geth prints now. */
export const renamedOpcodes: ReadonlyMap<string, string> = new Map([
  ['SHA3', 'KECCAK256'],
  ['SUICIDE', 'SELFDESTRUCT'],
  ['PREVRANDAO', 'DIFFICULTY'],
  ['RANDOM', 'DIFFICULTY'],
]);
