import { upstreamTraceHandlers } from '../../../src/evm/upstream/upstreamTraceHandlers.ts';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import {
  type MethodEntry,
  buildPayload,
  embeddedMethods,
  findMethod,
  isMethodName,
  isTraceMethod,
  methodNames,
  methodTable,
  methods,
} from '../../../src/core/rpc/methods/methods.ts';
import { templateMethods } from '../../../src/core/templates/parseTemplateHeader.ts';
import { createEmbeddedNode, handlerFamilies } from '../../../src/evm/node/createEmbeddedNode.ts';
import { decodeShareHash, encodeShareHash } from '../../../src/state/shareLink.ts';
import { createCaptureIo } from '../cli/cliIo.ts';

const root = join(import.meta.dirname, '../../..');
const tableFile = 'src/core/rpc/methods/methods.ts';
const rows = Object.entries(methodTable) as [string, MethodEntry][];
const names = rows.map(([name]) => name);
const offered = rows.filter(([, row]) => row.request).map(([name]) => name);

const dir = mkdtempSync(join(tmpdir(), 'method-table-'));
const tracerFile = join(dir, 'tracer.js');
writeFileSync(tracerFile, '{result: function() { return 1; }, fault: function() {}}\n');

async function cli(argv: string[]) {
  const io = createCaptureIo();
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

function examples(name: string): unknown[] {
  return methods[name as keyof typeof methods].params.map((p) => p.example);
}

describe('the method table: every row is offered where it says', () => {
  it('the form and the CLI offer exactly the rows with a request spec, in table order', () => {
    expect(methodNames).toEqual(offered);
    expect(Object.keys(methods)).toEqual(offered);
    for (const name of names) expect(isMethodName(name)).toBe(offered.includes(name));
    expect(isMethodName('__proto__')).toBe(false);
    expect(isMethodName('toString')).toBe(false);
    expect(isMethodName(1)).toBe(false);
  });

  it('the request form builds its method list and fields from the table', () => {
    const form = ['src/ui/request/mountRequestPanel.ts', 'src/ui/request/buildRequestView.ts']
      .map((f) => readFileSync(join(root, f), 'utf8'))
      .join('\n');
    expect(form).toMatch(/from '\.\.\/\.\.\/core\/rpc\/methods\/methods\.ts'/);
    expect(form).toMatch(/for \(const id of methodNames\)/);
    expect(form).toMatch(/methods\[method\]/);
  });

  it.each(offered)(
    '%s: the CLI accepts it, buildPayload validates its examples, share links keep it',
    async (name) => {
      const spec = findMethod(name)!;
      expect(spec.name).toBe(name);
      const params = examples(name);
      const built = buildPayload(name, params, spec.takesTraceOptions ? { tracer: '{}' } : undefined);
      expect(built.ok).toBe(true);
      const argv = ['payload', ...(spec.takesTraceOptions ? [tracerFile, '--no-flatten'] : [])];
      const r = await cli([...argv, '--method', name, '--params', JSON.stringify(params)]);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out).method).toBe(name);
      const link = encodeShareHash({
        tracer: { name: 't', source: '{}' },
        request: {
          method: name as never,
          fields: {},
          tracerConfig: '',
          timeout: '',
          rawMode: false,
          rawParams: '[]',
        },
      });
      const decoded = decodeShareHash(link);
      expect(decoded.kind === 'ok' && decoded.payload.request.method).toBe(name);
    },
  );

  it('the CLI refuses a method outside the table and lists the table as known', async () => {
    const r = await cli(['payload', '--method', 'eth_call', '--params', '[]']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`unknown --method "eth_call" (known: ${offered.join(', ')})`);
  });
});

describe('the method table and the embedded node', () => {
  it('every row says whether the embedded node serves it; Bitcoin methods are not served', () => {
    for (const [name, row] of rows) {
      expect(
        row.embedded === null || ['eth', 'call', 'trace', 'filter', 'dev'].includes(row.embedded),
        name,
      ).toBe(true);
      if (row.request?.family === 'bitcoin') expect(row.embedded, name).toBeNull();
      // A row is offered by the form and the CLI, served by the embedded node, or sent upstream for state.
      if (!row.request && !row.upstreamState)
        expect(row.embedded, `${name} is neither offered nor served`).not.toBeNull();
    }
  });

  it('every handler of the node is a row of the table with its family, and every served row has its handler', () => {
    for (const [family, handlers] of Object.entries(handlerFamilies)) {
      for (const method of Object.keys(handlers))
        expect([method, embeddedMethods[method as never]]).toEqual([method, family]);
    }
    for (const [method, family] of Object.entries(embeddedMethods))
      expect(Object.keys(handlerFamilies[family]), method).toContain(method);
  });

  it('the node answers every served row (no -32601) and refuses the rest with -32601', async () => {
    const node = await createEmbeddedNode();
    let id = 1;
    for (const [name, row] of rows) {
      const params = row.request ? examples(name) : [];
      const r = (await node.request({ jsonrpc: '2.0', id: id++, method: name, params })) as {
        error?: { code: number; message: string };
      };
      // eth_subscribe's `notifications not supported` (not a WebSocket) is -32601 in geth too.
      if (row.embedded && name !== 'eth_subscribe') expect(r.error?.code, name).not.toBe(-32601);
      else if (row.embedded) expect(r.error?.message, name).toBe('notifications not supported');
      else expect(r.error?.code, name).toBe(-32601);
    }
  }, 60_000);

  it('trace methods are the trace family (serve runs them in trace processes; templates may name them)', () => {
    const trace = names.filter((n) => isTraceMethod(n));
    expect(trace.sort()).toEqual(
      [
        'debug_traceBlockByHash',
        'debug_traceBlockByNumber',
        'debug_traceCall',
        'debug_traceTransaction',
      ].sort(),
    );
    expect([...templateMethods].sort()).toEqual(trace.sort());
    // serve --upstream answers exactly these on another node's state.
    expect(Object.keys(upstreamTraceHandlers).sort()).toEqual(trace.sort());
    for (const n of trace) expect(methods[n as keyof typeof methods].takesTraceOptions).toBe(true);
    expect(isTraceMethod('eth_call')).toBe(false);
    expect(isTraceMethod(undefined)).toBe(false);
  });
});

/** Every `.ts` file under src/, relative to the repository root. */
function sourceFiles(d = join(root, 'src')): string[] {
  return readdirSync(d).flatMap((f) => {
    const p = join(d, f);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return p.endsWith('.ts') ? [relative(root, p).split('\\').join('/')] : [];
  });
}

const nameAlt = names.map((n) => n.replace(/[^A-Za-z0-9_]/g, '')).join('|');
/** Two method names of the table side by side in a list (`'a', 'b'`, `'a' | 'b'`, `"a",\n "b"`). */
const listed = new RegExp(`(['"\`])(${nameAlt})\\1\\s*[,|]\\s*(['"\`])(${nameAlt})\\3`, 'g');
/** A method name used as an object key (`debug_traceCall: …`, `'eth_call': …`). */
const keyed = new RegExp(`^\\s*(['"]?)(${nameAlt})\\1\\s*:`, 'gm');

/** The lists of method names in `text`: each as `line: a, b`. */
function findLists(text: string): string[] {
  const out: string[] = [];
  const line = (i: number) => text.slice(0, i).split('\n').length;
  for (const m of text.matchAll(listed)) out.push(`${line(m.index)}: ${m[2]}, ${m[4]}`);
  const keys = [...text.matchAll(keyed)];
  if (keys.length >= 2) out.push(`${line(keys[0].index)}: keys ${keys.map((k) => k[2]).join(', ')}`);
  return out;
}

/**
 * Files allowed to name several methods: the handler files (their keys are the handlers, checked against the table
 * above, the upstream trace handlers against its trace family); and capture's wording of what it
 * needs from a node, keyed by the two methods it explains (texts, not a list of the methods that exist).
 */
const allowed = new Set([
  tableFile,
  'src/evm/node/ethHandlers.ts',
  'src/evm/node/callHandlers.ts',
  'src/evm/node/traceHandlers.ts',
  'src/evm/node/filterHandlers.ts',
  'src/evm/node/devHandlers.ts',
  'src/evm/upstream/upstreamTraceHandlers.ts',
  'src/ui/replay/readRpcReply.ts',
]);

describe('no other list of method names in src/', () => {
  it('the scanner finds lists, unions, sets and keyed objects of method names', () => {
    expect(findLists(`const a = ['debug_traceCall', 'eth_blockNumber'];`)).toHaveLength(1);
    expect(findLists(`type M =\n  | 'getrawtransaction'\n  | 'decoderawtransaction';`)).toHaveLength(1);
    expect(findLists(`new Set([\n  "eth_call",\n  "eth_getCode",\n])`)).toHaveLength(1);
    expect(findLists(`const h = {\n  eth_call: 1,\n  'eth_getCode': 2,\n};`)).toHaveLength(1);
    expect(
      findLists(`call('eth_blockNumber', [], 'x'); if (m === 'eth_call' || m === 'eth_getCode') {}`),
    ).toEqual([]);
    expect(findLists(readFileSync(join(root, tableFile), 'utf8')).length).toBeGreaterThan(0);
  });

  it('only the table (and the allowed files) list method names', () => {
    const found = sourceFiles()
      .filter((f) => !allowed.has(f))
      .flatMap((f) => findLists(readFileSync(join(root, f), 'utf8')).map((l) => `${f}:${l}`));
    expect(found).toEqual([]);
  });
});
