import { type Checked, fail, pass } from '../methods/checked.ts';
import { credentialText } from './buildCurl.ts';
import type { JsonRpcRequest } from '../protocol/jsonRpc.ts';
import { maskEndpoint } from '../endpoint/maskEndpoint.ts';

/** Inputs shared by the "copy as code" generators. */
export interface SnippetOptions {
  url: string;
  request: JsonRpcRequest;
  contentType: string;
  user?: string;
  password?: string;
  /** Write the real credentials instead of `<USERNAME>`/`<PASSWORD>`. */
  includeCredentials?: boolean;
  /** Write the endpoint as is instead of masking embedded keys. */
  revealEndpoint?: boolean;
}

/** A JS string literal (JSON string syntax is valid JavaScript). */
const lit = (s: string) => JSON.stringify(s);

/** Indents every line after the first by `pad`. */
const indentRest = (text: string, pad: string) => text.replace(/\n/g, '\n' + pad);

function endpointOf(o: SnippetOptions): string {
  return o.revealEndpoint ? o.url : maskEndpoint(o.url);
}

/** A JavaScript `fetch` snippet (browser or Node ≥ 18, top-level await) that sends the request and logs the result. */
export function buildFetchSnippet(o: SnippetOptions): Checked<string> {
  if (/^wss?:/i.test(o.url))
    return fail('fetch cannot talk to a ws:// or wss:// endpoint: use the https:// one');
  const headers = [`'Content-Type': ${lit(o.contentType)}`];
  if (o.user !== undefined) {
    headers.push(
      `Authorization: 'Basic ' + btoa(${lit(credentialText(o.user, o.password, o.includeCredentials === true))})`,
    );
  }
  const lines = [
    `const response = await fetch(${lit(endpointOf(o))}, {`,
    `  method: 'POST',`,
    `  headers: { ${headers.join(', ')} },`,
    `  body: JSON.stringify(${indentRest(JSON.stringify(o.request, null, 2), '  ')}),`,
    `});`,
    `if (!response.ok) throw new Error('HTTP ' + response.status + ' ' + response.statusText);`,
    `const reply = await response.json();`,
    `if (reply.error) throw new Error(reply.error.code + ' ' + reply.error.message);`,
    `console.log(JSON.stringify(reply.result, null, 2));`,
  ];
  return pass(lines.join('\n') + '\n');
}

/** An ethers v6 snippet: `provider.send(method, params)` on a JsonRpcProvider (or WebSocketProvider for ws URLs). */
export function buildEthersSnippet(o: SnippetOptions): Checked<string> {
  if (o.request.jsonrpc !== '2.0')
    return fail(
      'ethers speaks Ethereum JSON-RPC 2.0 only; use the fetch or curl form for Bitcoin-style calls',
    );
  const url = endpointOf(o);
  const params = JSON.stringify(o.request.params, null, 2);
  const send = `const result = await provider.send(${lit(o.request.method)}, ${params});`;
  if (/^wss?:/i.test(url)) {
    if (o.user !== undefined) {
      return fail(
        'ethers WebSocketProvider cannot send basic auth headers from a browser; use the https endpoint',
      );
    }
    const lines = [
      `import { WebSocketProvider } from 'ethers';`,
      ``,
      `const provider = new WebSocketProvider(${lit(url)});`,
      send,
      `console.log(JSON.stringify(result, null, 2));`,
      `await provider.destroy();`,
    ];
    return pass(lines.join('\n') + '\n');
  }
  const lines = [
    `import { FetchRequest, JsonRpcProvider } from 'ethers';`,
    ``,
    `const request = new FetchRequest(${lit(url)});`,
  ];
  if (o.user !== undefined) {
    const [user, ...rest] = credentialText(o.user, o.password, o.includeCredentials === true).split(':');
    lines.push(`request.setCredentials(${lit(user)}, ${lit(rest.join(':'))});`);
    // ethers refuses credentials over plain http unless told otherwise.
    if (/^http:/i.test(url)) lines.push(`request.allowInsecureAuthentication = true;`);
  }
  lines.push(
    `const provider = new JsonRpcProvider(request, undefined, { staticNetwork: true });`,
    send,
    `console.log(JSON.stringify(result, null, 2));`,
  );
  return pass(lines.join('\n') + '\n');
}
