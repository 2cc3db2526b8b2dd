/**
 * The priority fee the node suggests: eth_maxPriorityFeePerGas, eth_gasPrice on top of the next base fee, and the
 * tip eth_sendTransaction fills in (1 gwei, what the demo chain's transactions pay).
 */
export const suggestedTip = 1_000_000_000n;
