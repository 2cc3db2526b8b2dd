// Hardhat 2 with `tracer serve` as a network: npx hardhat run --network local trace.mjs
module.exports = {
  networks: {
    local: { url: process.env.RPC_URL ?? 'http://127.0.0.1:8545' },
  },
};
