/** Which protocol family a method belongs to: decides jsonrpc version, id type and content type (spec 4.1, 4.3, 9). */
export type RpcFamily = 'ethereum' | 'bitcoin';

/** A JSON-RPC request id: a number for Ethereum-style requests, a string for Bitcoin-style ones. */
export type JsonRpcId = number | string;

/** A JSON-RPC request (spec 2.1). Key order is the order of the serialized body. */
export interface JsonRpcRequest {
  jsonrpc: '2.0' | '1.0';
  method: string;
  params: unknown[];
  id: JsonRpcId;
}

/**
 * Builds a request: `jsonrpc: "2.0"` with a numeric id for Ethereum-style methods, `jsonrpc: "1.0"` with a string id
 * for Bitcoin-style ones.
 */
export function buildRequest(
  method: string,
  params: unknown[],
  family?: RpcFamily, // Ethereum-style unless 'bitcoin'
  id = 1,
): JsonRpcRequest {
  return family === 'bitcoin'
    ? { jsonrpc: '1.0', method, params, id: String(id) }
    : { jsonrpc: '2.0', method, params, id };
}

/** The request body text: compact (what is sent) or pretty (2-space indent, for reading). */
export function serializeRequest(request: JsonRpcRequest, pretty = false): string {
  return pretty ? JSON.stringify(request, null, 2) : JSON.stringify(request);
}

/** The Content-Type header value: `application/json`, or `text/plain` for Bitcoin-style requests (spec 4.1). */
export function contentTypeFor(family?: RpcFamily): string {
  return family === 'bitcoin' ? 'text/plain' : 'application/json';
}

/** The Content-Type a request is sent with: {@link contentTypeFor} its family, told by its `jsonrpc` version. */
export function contentTypeOf(request: JsonRpcRequest): string {
  return contentTypeFor(request.jsonrpc === '1.0' ? 'bitcoin' : undefined); // Ethereum-style unless 'bitcoin'
}
