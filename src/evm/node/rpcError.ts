/** A JSON-RPC error the node returns as `{code, message, data?}` (geth's codes and texts where geth has them). */
export class RpcError extends Error {
  /** JSON-RPC error code, e.g. -32601 (method not found), -32602 (invalid params), -32000 (server error). */
  readonly code: number;
  /** Optional `data` member, e.g. the hex revert data of a failed eth_call. */
  readonly data?: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}

/** -32602 invalid params, with the parameter position in the text like geth (`invalid argument 0: …`). */
export function invalidParams(message: string): RpcError {
  return new RpcError(-32602, message);
}

/** -32602 for argument `index`: `invalid argument <index>: <message>` (geth's wording for decode errors). */
export function invalidArgument(index: number, message: string): RpcError {
  return new RpcError(-32602, `invalid argument ${index}: ${message}`);
}

/** -32000: geth's generic server error (e.g. `transaction not found`, `genesis is not traceable`). */
export function serverError(message: string, data?: unknown): RpcError {
  return new RpcError(-32000, message, data);
}
