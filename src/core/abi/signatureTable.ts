// Well-known function selectors, event topics and error selectors, each with the declarations (parameter names
// included) that hash to it: ERC-20/721/1155, WETH, Ownable, AccessControl, Pausable, proxies, Multicall, Uniswap V2
// and V3 routers and pools, and the embedded node's demo contracts. Keys are the keccak-256 of the canonical
// signature (test/unit/abi/signatureTable.test.ts recomputes every one). Nothing is looked up online.

/** Function selector (8 lowercase hex digits, no 0x) → declarations that share it. */
export const functionTable: Readonly<Record<string, readonly string[]>> = {
  '39509351': ['increaseAllowance(address spender,uint256 addedValue)'],
  a9059cbb: ['transfer(address to,uint256 amount) returns (bool)'],
  '095ea7b3': ['approve(address spender,uint256 amount) returns (bool)'],
  '23b872dd': ['transferFrom(address from,address to,uint256 amount) returns (bool)'],
  '70a08231': ['balanceOf(address account) returns (uint256)'],
  dd62ed3e: ['allowance(address owner,address spender) returns (uint256)'],
  '18160ddd': ['totalSupply() returns (uint256)'],
  '06fdde03': ['name() returns (string)'],
  '95d89b41': ['symbol() returns (string)'],
  '313ce567': ['decimals() returns (uint8)'],
  a457c2d7: ['decreaseAllowance(address spender,uint256 subtractedValue)'],
  d505accf: [
    'permit(address owner,address spender,uint256 value,uint256 deadline,uint8 v,bytes32 r,bytes32 s)',
  ],
  '7ecebe00': ['nonces(address owner)'],
  '3644e515': ['DOMAIN_SEPARATOR()'],
  '40c10f19': ['mint(address to,uint256 amount)'],
  '42966c68': ['burn(uint256 amount)'],
  '79cc6790': ['burnFrom(address account,uint256 amount)'],
  '6352211e': ['ownerOf(uint256 tokenId) returns (address)'],
  '42842e0e': ['safeTransferFrom(address from,address to,uint256 tokenId)'],
  b88d4fde: ['safeTransferFrom(address from,address to,uint256 tokenId,bytes data)'],
  a22cb465: ['setApprovalForAll(address operator,bool approved)'],
  e985e9c5: ['isApprovedForAll(address owner,address operator)'],
  '081812fc': ['getApproved(uint256 tokenId)'],
  c87b56dd: ['tokenURI(uint256 tokenId)'],
  '01ffc9a7': ['supportsInterface(bytes4 interfaceId)'],
  '150b7a02': ['onERC721Received(address operator,address from,uint256 tokenId,bytes data)'],
  f242432a: ['safeTransferFrom(address from,address to,uint256 id,uint256 amount,bytes data)'],
  '2eb2c2d6': ['safeBatchTransferFrom(address from,address to,uint256[] ids,uint256[] amounts,bytes data)'],
  '00fdd58e': ['balanceOf(address account,uint256 id)'],
  '4e1273f4': ['balanceOfBatch(address[] accounts,uint256[] ids)'],
  '0e89341c': ['uri(uint256 id)'],
  f23a6e61: ['onERC1155Received(address operator,address from,uint256 id,uint256 value,bytes data)'],
  bc197c81: [
    'onERC1155BatchReceived(address operator,address from,uint256[] ids,uint256[] values,bytes data)',
  ],
  d0e30db0: ['deposit()'],
  '2e1a7d4d': ['withdraw(uint256 amount)'],
  '8da5cb5b': ['owner() returns (address)'],
  f2fde38b: ['transferOwnership(address newOwner)'],
  '715018a6': ['renounceOwnership()'],
  e30c3978: ['pendingOwner()'],
  '79ba5097': ['acceptOwnership()'],
  '91d14854': ['hasRole(bytes32 role,address account)'],
  '2f2ff15d': ['grantRole(bytes32 role,address account)'],
  d547741f: ['revokeRole(bytes32 role,address account)'],
  '36568abe': ['renounceRole(bytes32 role,address account)'],
  '248a9ca3': ['getRoleAdmin(bytes32 role)'],
  '5c975abb': ['paused()'],
  '8456cb59': ['pause()'],
  '3f4ba83a': ['unpause()'],
  '3659cfe6': ['upgradeTo(address newImplementation)'],
  '4f1ef286': ['upgradeToAndCall(address newImplementation,bytes data)'],
  '5c60da1b': ['implementation()'],
  '52d1902d': ['proxiableUUID()'],
  ac9650d8: ['multicall(bytes[] data)'],
  '5ae401dc': ['multicall(uint256 deadline,bytes[] data)'],
  '252dba42': ['aggregate((address target,bytes callData)[] calls)'],
  bce38bd7: ['tryAggregate(bool requireSuccess,(address target,bytes callData)[] calls)'],
  '82ad56cb': ['aggregate3((address target,bool allowFailure,bytes callData)[] calls)'],
  '174dea71': ['aggregate3Value((address target,bool allowFailure,uint256 value,bytes callData)[] calls)'],
  '38ed1739': [
    'swapExactTokensForTokens(uint256 amountIn,uint256 amountOutMin,address[] path,address to,uint256 deadline)',
  ],
  '8803dbee': [
    'swapTokensForExactTokens(uint256 amountOut,uint256 amountInMax,address[] path,address to,uint256 deadline)',
  ],
  '7ff36ab5': ['swapExactETHForTokens(uint256 amountOutMin,address[] path,address to,uint256 deadline)'],
  fb3bdb41: ['swapETHForExactTokens(uint256 amountOut,address[] path,address to,uint256 deadline)'],
  '18cbafe5': [
    'swapExactTokensForETH(uint256 amountIn,uint256 amountOutMin,address[] path,address to,uint256 deadline)',
  ],
  '4a25d94a': [
    'swapTokensForExactETH(uint256 amountOut,uint256 amountInMax,address[] path,address to,uint256 deadline)',
  ],
  e8e33700: [
    'addLiquidity(address tokenA,address tokenB,uint256 amountADesired,uint256 amountBDesired,uint256 amountAMin,uint256 amountBMin,address to,uint256 deadline)',
  ],
  f305d719: [
    'addLiquidityETH(address token,uint256 amountTokenDesired,uint256 amountTokenMin,uint256 amountETHMin,address to,uint256 deadline)',
  ],
  baa2abde: [
    'removeLiquidity(address tokenA,address tokenB,uint256 liquidity,uint256 amountAMin,uint256 amountBMin,address to,uint256 deadline)',
  ],
  '02751cec': [
    'removeLiquidityETH(address token,uint256 liquidity,uint256 amountTokenMin,uint256 amountETHMin,address to,uint256 deadline)',
  ],
  d06ca61f: ['getAmountsOut(uint256 amountIn,address[] path)'],
  '1f00ca74': ['getAmountsIn(uint256 amountOut,address[] path)'],
  e6a43905: ['getPair(address tokenA,address tokenB)'],
  c9c65396: ['createPair(address tokenA,address tokenB)'],
  '0902f1ac': ['getReserves() returns (uint112 reserve0,uint112 reserve1,uint32 blockTimestampLast)'],
  '022c0d9f': ['swap(uint256 amount0Out,uint256 amount1Out,address to,bytes data)'],
  fff6cae9: ['sync()'],
  bc25cf77: ['skim(address to)'],
  '0dfe1681': ['token0()'],
  d21220a7: ['token1()'],
  c45a0155: ['factory()'],
  ad5c4648: ['WETH()'],
  '414bf389': [
    'exactInputSingle((address tokenIn,address tokenOut,uint24 fee,address recipient,uint256 deadline,uint256 amountIn,uint256 amountOutMinimum,uint160 sqrtPriceLimitX96) params)',
  ],
  c04b8d59: [
    'exactInput((bytes path,address recipient,uint256 deadline,uint256 amountIn,uint256 amountOutMinimum) params)',
  ],
  db3e2198: [
    'exactOutputSingle((address tokenIn,address tokenOut,uint24 fee,address recipient,uint256 deadline,uint256 amountOut,uint256 amountInMaximum,uint160 sqrtPriceLimitX96) params)',
  ],
  f28c0498: [
    'exactOutput((bytes path,address recipient,uint256 deadline,uint256 amountOut,uint256 amountInMaximum) params)',
  ],
  '04e45aaf': [
    'exactInputSingle((address tokenIn,address tokenOut,uint24 fee,address recipient,uint256 amountIn,uint256 amountOutMinimum,uint160 sqrtPriceLimitX96) params)',
  ],
  '128acb08': [
    'swap(address recipient,bool zeroForOne,int256 amountSpecified,uint160 sqrtPriceLimitX96,bytes data)',
  ],
  '3850c7bd': ['slot0()'],
  '49404b7c': ['unwrapWETH9(uint256 amountMinimum,address recipient)'],
  '12210e8a': ['refundETH()'],
  '3593564c': ['execute(bytes commands,bytes[] inputs,uint256 deadline)'],
  '24856bc3': ['execute(bytes commands,bytes[] inputs)'],
  a444f5e9: ['run(uint256 x) returns (uint256 squared)'],
  '2c16cd8a': ['record(uint256 value)'],
  '7b292909': ['square(uint256 x) returns (uint256)'],
  '5c36b186': ['ping() returns (uint256)'],
  '5f72f450': ['check(uint256 value) returns (uint256)'],
  '1c09da6e': ['checkCustom(uint256 value) returns (uint256)'],
  f88e9fbf: ['divide(uint256 a,uint256 b) returns (uint256)'],
  b54b2cf6: ['tryCheck(uint256 value) returns (bool)'],
  '00f55d9d': ['destroy(address beneficiary)'],
};

/** Event topic 0 (64 lowercase hex digits, no 0x) → declarations (with `indexed`) that share it. */
export const eventTable: Readonly<Record<string, readonly string[]>> = {
  ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef: [
    'Transfer(address indexed from,address indexed to,uint256 value)',
    'Transfer(address indexed from,address indexed to,uint256 indexed tokenId)',
  ],
  '8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925': [
    'Approval(address indexed owner,address indexed spender,uint256 value)',
    'Approval(address indexed owner,address indexed approved,uint256 indexed tokenId)',
  ],
  '17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31': [
    'ApprovalForAll(address indexed owner,address indexed operator,bool approved)',
  ],
  c3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62: [
    'TransferSingle(address indexed operator,address indexed from,address indexed to,uint256 id,uint256 value)',
  ],
  '4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb': [
    'TransferBatch(address indexed operator,address indexed from,address indexed to,uint256[] ids,uint256[] values)',
  ],
  '6bb7ff708619ba0610cba295a58592e0451dee2622938c8755667688daf3529b': [
    'URI(string value,uint256 indexed id)',
  ],
  e1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c: [
    'Deposit(address indexed dst,uint256 wad)',
  ],
  '7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65': [
    'Withdrawal(address indexed src,uint256 wad)',
  ],
  '8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0': [
    'OwnershipTransferred(address indexed previousOwner,address indexed newOwner)',
  ],
  '38d16b8cac22d99fc7c124b9cd0de2d3fa1faef420bfe791d8c362d765e22700': [
    'OwnershipTransferStarted(address indexed previousOwner,address indexed newOwner)',
  ],
  '2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d': [
    'RoleGranted(bytes32 indexed role,address indexed account,address indexed sender)',
  ],
  f6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b: [
    'RoleRevoked(bytes32 indexed role,address indexed account,address indexed sender)',
  ],
  '62e78cea01bee320cd4e420270b5ea74000d11b0c9f74754ebdbfc544b05a258': ['Paused(address account)'],
  '5db9ee0a495bf2e6ff9c91a7834c1ba4fdd244a5e8aa4e537bd38aeae4b073aa': ['Unpaused(address account)'],
  bc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b: [
    'Upgraded(address indexed implementation)',
  ],
  '7e644d79422f17c01e4894b5f4f588d331ebfa28653d42ae832dc59e38c9798f': [
    'AdminChanged(address previousAdmin,address newAdmin)',
  ],
  d78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822: [
    'Swap(address indexed sender,uint256 amount0In,uint256 amount1In,uint256 amount0Out,uint256 amount1Out,address indexed to)',
  ],
  '1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1': [
    'Sync(uint112 reserve0,uint112 reserve1)',
  ],
  '4c209b5fc8ad50758f13e2e1088ba56a560dff690a1c6fef26394f4c03821c4f': [
    'Mint(address indexed sender,uint256 amount0,uint256 amount1)',
  ],
  dccd412f0b1252819cb1fd330b93224ca42612892bb3f4f789976e6d81936496: [
    'Burn(address indexed sender,uint256 amount0,uint256 amount1,address indexed to)',
  ],
  '0d3648bd0f6ba80134a33ba9275ac585d9d315f0ad8355cddefde31afa28d0e9': [
    'PairCreated(address indexed token0,address indexed token1,address pair,uint256)',
  ],
  c42079f94a6350d7e6235f29174924f928cc2ac818eb64fed8004e115fbcca67: [
    'Swap(address indexed sender,address indexed recipient,int256 amount0,int256 amount1,uint160 sqrtPriceX96,uint128 liquidity,int24 tick)',
  ],
  '78a327424158f99dcde9deeb550e97c0f1d53b23ebaec3ac54a53f58504b3c85': [
    'Pinged(address indexed from,uint256 value)',
  ],
  '7b348963d8edb6160260401f7421c2d41392105241ad824708fd760259c7a61f': [
    'Probed(uint256 counter,address created,address created2,uint256 squared)',
  ],
  '6a85348ba7e74d4be66ecd409bee781fdc5a2c7364abdf95bc8f5fe483ffabb5': ['Caught(string reason)'],
};

/** Custom error selector → declarations (Error(string) and Panic(uint256) are the compiler's own). */
export const errorTable: Readonly<Record<string, readonly string[]>> = {
  '08c379a0': ['Error(string message)'],
  '4e487b71': ['Panic(uint256 code)'],
  '677fd0e3': ['TooLarge(uint256 value,uint256 limit)'],
};
