/**
 * Fixtures that fail for a diagnosed reason outside the templates, per folder (file → reason). They run as
 * `it.fails`, so a fix elsewhere makes them fail loudly until the entry is removed.
 */

const wholeGas =
  'JS API limit: after London ctx.gasPrice is only the tip and this tx uses its whole gas limit, so the sender pre-balance cannot be rebuilt (off by gasLimit*baseFee)';
const authorities =
  'JS API limit: EIP-7702 authorizations are applied before the first step and are not visible to a JS tracer';

export const knownFailures: Record<string, Record<string, string>> = {
  call_tracer: {},
  call_tracer_withLog: {},
  prestate_tracer: {
    '7702_delegate.json': `${authorities} (the authority's nonce is one too high)`,
    'blob_tx.json':
      'JS API limit: a plain transfer after London runs no code, so the sender pre-balance can only use ctx.gasPrice (the tip); the blob fee is invisible too',
    'create_create.json': wholeGas,
    'setcode_tx.json': `${authorities} (codes and nonces they set show as pre-state)`,
  },
  prestate_tracer_with_diff_mode: {
    'create_failed.json': wholeGas,
    'eip7702_deauth.json': `${authorities}; the tx runs no code after London, so the sender pre-balance uses the tip only`,
  },
  call_tracer_flat: {},
};
