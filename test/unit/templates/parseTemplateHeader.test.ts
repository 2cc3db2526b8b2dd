import { describe, expect, it } from 'vitest';
import { listTemplates, readTemplates } from '../../../src/core/templates/listTemplates.ts';
import { parseTemplateHeader } from '../../../src/core/templates/parseTemplateHeader.ts';

const body = '{\n  fault: function (log, db) {},\n  result: function (ctx, db) { return 1; }\n}\n';
const methods = ' * @methods debug_traceCall, debug_traceTransaction';
const clients = ' * @clients geth, embedded';

function header(...lines: string[]): string {
  return ['/**', ...lines, ' */', body].join('\n');
}

const valid = header(' * @name Demo', ' * @description Does things.', methods, clients);

describe('parseTemplateHeader: valid headers', () => {
  it('reads every tag', () => {
    expect(parseTemplateHeader(valid, 'demo')).toEqual({
      ok: true,
      template: {
        id: 'demo',
        name: 'Demo',
        description: 'Does things.',
        methods: ['debug_traceCall', 'debug_traceTransaction'],
        clients: ['geth', 'embedded'],
      },
    });
  });

  it('parses @tracerConfig as JSON', () => {
    const src = header(
      ' * @name D',
      ' * @description x',
      methods,
      clients,
      ' * @tracerConfig {"withLog": true}',
    );
    const r = parseTemplateHeader(src, 'd');
    expect(r.ok && r.template.tracerConfig).toEqual({ withLog: true });
  });

  it('reads @tested as a list of where the template was tested', () => {
    const src = header(
      ' * @name D',
      ' * @description x',
      methods,
      clients,
      ' * @tested embedded, geth, anvil',
    );
    const r = parseTemplateHeader(src, 'd');
    expect(r.ok && r.template.tested).toEqual(['embedded', 'geth', 'anvil']);
    const without = parseTemplateHeader(valid, 'd');
    expect(without.ok && 'tested' in without.template).toBe(false);
  });

  it('accepts leading blank lines and blank comment lines', () => {
    const src = '\n\n' + header(' * @name D', ' *', ' * @description x', methods, clients);
    expect(parseTemplateHeader(src, 'd').ok).toBe(true);
  });
});

const bad: [string, string, string, number][] = [
  ['empty file', '  \n', "Template 't' is empty", 1],
  ['no header', body, "Template 't' must start with a /** ... */ header comment", 1],
  [
    'line comment header',
    '// @name x\n' + body,
    "Template 't' must start with a /** ... */ header comment",
    1,
  ],
  [
    'unclosed header',
    '/**\n * @name x\n' + body,
    "The header comment of template 't' is not closed with */",
    1,
  ],
  [
    'no object after header',
    '/**\n * @name x\n */\nvar a = 1;',
    "The header comment of template 't' must be followed by the tracer object literal '{'",
    4,
  ],
  [
    'missing @name',
    header(' * @description x', methods, clients),
    "The header of template 't' has no @name line",
    1,
  ],
  [
    'missing @clients',
    header(' * @name n', ' * @description x', methods),
    "The header of template 't' has no @clients line",
    1,
  ],
  [
    'unknown tag',
    header(' * @name n', ' * @author me', ' * @description x', methods, clients),
    'Unknown header tag @author; known tags: @name, @description, @methods, @clients, @tested, @tracerConfig, @demo',
    3,
  ],
  [
    'duplicate tag',
    header(' * @name n', ' * @name m', ' * @description x', methods, clients),
    '@name appears twice (first on line 2)',
    3,
  ],
  ['empty value', header(' * @name', ' * @description x', methods, clients), '@name has no value', 2],
  [
    'free text line',
    header(' * @name n', ' * some words', ' * @description x', methods, clients),
    "Header line 3 is not a '@tag value' line: 'some words'",
    3,
  ],
  [
    'unknown method',
    header(' * @name n', ' * @description x', ' * @methods debug_traceCall, eth_call', clients),
    "@methods has 'eth_call'; allowed: debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash",
    4,
  ],
  [
    'empty list entry',
    header(' * @name n', ' * @description x', methods, ' * @clients geth,, erigon'),
    '@clients has an empty entry; allowed: geth, erigon, embedded',
    5,
  ],
  [
    'duplicate client',
    header(' * @name n', ' * @description x', methods, ' * @clients geth, geth'),
    "@clients names 'geth' twice",
    5,
  ],
  [
    'unknown @tested entry',
    header(' * @name n', ' * @description x', methods, clients, ' * @tested embedded, reth'),
    "@tested has 'reth'; allowed: embedded, geth, anvil",
    6,
  ],
  [
    'duplicate @tested entry',
    header(' * @name n', ' * @description x', methods, clients, ' * @tested anvil, anvil'),
    "@tested names 'anvil' twice",
    6,
  ],
  [
    '@demo with a method the template does not list',
    header(' * @name n', ' * @description x', methods, clients, ' * @demo debug_traceBlockByNumber block'),
    "@demo names 'debug_traceBlockByNumber', which is not in @methods (debug_traceCall, debug_traceTransaction)",
    6,
  ],
  [
    '@demo with a subject its method cannot take',
    header(' * @name n', ' * @description x', methods, clients, ' * @demo debug_traceCall tx'),
    "@demo debug_traceCall takes one of: call (got 'tx')",
    6,
  ],
  [
    '@demo without a subject',
    header(' * @name n', ' * @description x', methods, clients, ' * @demo debug_traceTransaction'),
    "@demo debug_traceTransaction takes one of: tx, revertTx (got '')",
    6,
  ],
  [
    '@demo with words after the subject',
    header(' * @name n', ' * @description x', methods, clients, ' * @demo debug_traceTransaction tx please'),
    "@demo debug_traceTransaction takes one of: tx, revertTx (got 'tx please')",
    6,
  ],
  [
    'bad tracerConfig',
    header(' * @name n', ' * @description x', methods, clients, ' * @tracerConfig {withLog: true}'),
    '@tracerConfig is not valid JSON: ',
    6,
  ],
];

describe('parseTemplateHeader: @demo', () => {
  it.each([
    ['debug_traceTransaction tx', { method: 'debug_traceTransaction', subject: 'tx' }],
    ['debug_traceTransaction   revertTx', { method: 'debug_traceTransaction', subject: 'revertTx' }],
    ['debug_traceCall call', { method: 'debug_traceCall', subject: 'call' }],
  ])('@demo %s', (value, demo) => {
    const r = parseTemplateHeader(
      header(' * @name n', ' * @description x', methods, clients, ` * @demo ${value}`),
      't',
    );
    expect(r.ok && r.template.demo).toEqual(demo);
  });
});

describe('parseTemplateHeader: malformed headers', () => {
  it.each(bad)('%s', (_, source, message, line) => {
    const r = parseTemplateHeader(source, 't');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    if (message.endsWith(': ')) expect(r.error.message.startsWith(message)).toBe(true);
    else expect(r.error.message).toBe(message);
    expect(r.error.line).toBe(line);
  });
});

describe('listTemplates', () => {
  const named = (name: string) => valid.replace('@name Demo', `@name ${name}`);

  it('sorts call and sload-sstore first, then by id, and ignores other files', () => {
    const files = {
      'tracer-templates/zeta.js': named('Z'),
      'tracer-templates/alpha.js': named('A'),
      'tracer-templates/sload-sstore.js': named('S'),
      'tracer-templates/call.js': named('C'),
      'tracer-templates/README.md': '# not a template',
    };
    expect(listTemplates(files).map((t) => t.id)).toEqual(['call', 'sload-sstore', 'alpha', 'zeta']);
  });

  it('reports a malformed file with its path and line', () => {
    const files = { 'a/good.js': valid, 'a/bad.js': body };
    const r = readTemplates(files);
    expect(r.templates.map((t) => t.id)).toEqual(['good']);
    expect(r.errors).toEqual([
      { path: 'a/bad.js', line: 1, message: "Template 'bad' must start with a /** ... */ header comment" },
    ]);
    expect(() => listTemplates(files)).toThrow(
      "Malformed tracer template header:\na/bad.js:1: Template 'bad' must start with a /** ... */ header comment",
    );
  });
});
