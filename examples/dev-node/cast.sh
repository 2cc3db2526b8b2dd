#!/bin/sh
# Foundry's cast against `tracer serve`: a node account (--unlocked) and a private key (--private-key, alice's
# public test key that serve prints), snapshot and revert, a trace by callTracer and by a JavaScript tracer.
# Run: RPC_URL=http://127.0.0.1:8545 sh cast.sh
set -e
export ETH_RPC_URL="${RPC_URL:-http://127.0.0.1:8545}"
FROM=$(cast rpc eth_accounts | sed 's/^\["\([^"]*\)".*/\1/')
KEY=0x53c685afb94416b892fcbad868ca9e9d9ad15a88e8564e95953f703f70c1830b

# A contract that stores its calldata's first word in slot 0.
ADDRESS=$(cast send --unlocked --from "$FROM" --create 0x6007600c60003960076000f360003560005500 --json \
  | sed 's/.*"contractAddress":"\([^"]*\)".*/\1/')
SNAPSHOT=$(cast rpc evm_snapshot | tr -d '"')
HASH=$(cast send --private-key "$KEY" "$ADDRESS" 0x000000000000000000000000000000000000000000000000000000000000002a \
  --json | sed 's/.*"transactionHash":"\([^"]*\)".*/\1/')
cast rpc debug_traceTransaction "$HASH" '{"tracer": "callTracer"}'
cast rpc debug_traceTransaction "$HASH" '{"tracer": "{values: [], step: function (log) { if (log.op.toString() === \"SSTORE\") this.values.push(log.stack.peek(1).toString(16)); }, fault: function () {}, result: function () { return this.values; }}"}'
cast rpc evm_revert "$SNAPSHOT"
cast storage "$ADDRESS" 0
