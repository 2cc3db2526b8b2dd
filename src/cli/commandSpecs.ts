import { methodNames } from '../core/rpc/methods/methods.ts';
import { targetIds } from '../core/targets.ts';
import { UsageError } from './cliTypes.ts';
import { type ParsedArgs, parseArgs } from './parseArgs.ts';

/** One option of a command: how it is parsed and the line `tracer help` shows for it. */
export interface OptionSpec {
  readonly name: string;
  /** `value`: `--name VALUE`; `flag`: `--name`; `repeatable`: `--name VALUE`, any number of times. */
  readonly kind: 'value' | 'flag' | 'repeatable';
  /** The placeholder of the value in help (`URL`, `JSON`…). */
  readonly arg?: string;
  /** One line: what it does and its default. */
  readonly description: string;
}

/**
 * One command of the CLI: what `tracer help COMMAND` prints and what the command's parser accepts. The options listed
 * here are the only ones the command parses (see {@link parseCommandArgs}), so help and parser cannot drift.
 */
export interface CommandSpec {
  readonly name: string;
  /** The arguments after the command name, as the usage line shows them. */
  readonly synopsis: string;
  /** One line for the command list. */
  readonly summary: string;
  /** A few sentences: what it does, what it prints, its exit codes. */
  readonly description: string;
  readonly options: readonly OptionSpec[];
  /** Command lines that work as written (the ones talking to a node expect `tracer serve --port 8545`). */
  readonly examples: readonly string[];
}

/**
 * `CallProbe.run(7)` in block 2 of the embedded node's demo chain (the same on every start): CALL, DELEGATECALL,
 * STATICCALL, CREATE, CREATE2, SLOAD/SSTORE and logs, so every template has something to show. A test checks it
 * against the demo chain.
 */
export const demoTxHash = '0xfd2b9569bdf9b732c17a787deb5c839eda9867f5f003255f8d69eeb2619ee4dc';

/** The endpoint the examples use: what `tracer serve --port 8545` listens on. */
export const exampleEndpoint = 'http://127.0.0.1:8545';

const value = (name: string, arg: string, description: string): OptionSpec => ({
  name,
  kind: 'value',
  arg,
  description,
});
const flag = (name: string, description: string): OptionSpec => ({ name, kind: 'flag', description });
const repeatable = (name: string, arg: string, description: string): OptionSpec => ({
  name,
  kind: 'repeatable',
  arg,
  description,
});

const target = value(
  'target',
  targetIds.join('|'),
  'what the tracer must run on (default es5: ES5.1, every node); geth, reth, anvil and nethermind also accept the ES2015+ syntax their engine runs',
);
const profile = value('profile', 'strict|goja', 'the earlier name of --target: strict is es5, goja is geth');
const tracerConfig = value('tracer-config', 'JSON', "the tracerConfig object handed to the tracer's setup");
const timeout = value(
  'timeout',
  'D',
  "the tracer's time limit, a Go duration such as 10s (geth's default: 5s)",
);

/** What payload, curl and send build the request from. */
const requestOptions: readonly OptionSpec[] = [
  value('method', 'M', `JSON-RPC method: ${methodNames.join(', ')}`),
  value(
    'params',
    'JSON',
    "the method's params as a JSON array, without the tracer options object (default [])",
  ),
  tracerConfig,
  timeout,
  value('id', 'N', 'the JSON-RPC id (default 1)'),
  target,
  profile,
  flag('no-flatten', "send FILE's text as it is instead of the flattened one-line tracer"),
];

/** How send, probe and capture reach a node. */
const connectionOptions: readonly OptionSpec[] = [
  value('endpoint', 'URL', 'the node: http://, https://, ws:// or wss://'),
  value('user', 'U', 'basic-auth user name'),
  value('password', 'P', 'basic-auth password (needs --user; or set TRACER_PASSWORD)'),
  value(
    'request-timeout',
    'S',
    "seconds to wait for the node's answer (default: a trace's timeout + 10 s, none for a block trace, 30 s otherwise)",
  ),
];

const json = (what: string) => flag('json', `print ${what} as JSON`);
const memoryLimit = (what: string) =>
  value('memory-limit', 'MB', `V8 heap of ${what}, 64–65536 (default 512)`);
const sendExample = `tracer send tracer-templates/opcode-histogram.js --method debug_traceTransaction --params '["${demoTxHash}"]' --endpoint ${exampleEndpoint}`;

/** Every command, in the order `tracer help` lists them. */
export const commandSpecs: readonly CommandSpec[] = [
  {
    name: 'check',
    synopsis: 'FILE [--target es5|geth|reth|anvil|nethermind] [--json]',
    summary: 'ES5.1 (or target) check and tracer lint (exit 1 on any error)',
    description:
      'Checks the tracer in FILE (- for standard input) as ECMAScript 5.1, or as the syntax --target runs, and against ' +
      'the tracer rules (tracer rules lists them). Prints one line per problem, FILE:LINE:COL severity message [rule], ' +
      'then a summary line. The same construct repeated is one line with a count; when the ES5.1 check fails only on ' +
      'syntax some targets run, one line says which (and tracer convert makes it ES5.1). Exit 1 when any problem is an ' +
      'error.',
    options: [target, profile, json('the diagnostics')],
    examples: ['tracer check tracer-templates/call.js'],
  },
  {
    name: 'flatten',
    synopsis: 'FILE [--target es5|geth|reth|anvil|nethermind] [--remove-console]',
    summary: 'print the ready-to-send one-line tracer',
    description:
      'Prints the tracer in FILE as the one line a node is sent: comments removed, single quotes, no ". Problems ' +
      'that stop it go to standard error (exit 1). Console calls stop it too (geth has no console; they print only ' +
      'in tracer replay --console): --remove-console removes them.',
    options: [
      target,
      profile,
      flag(
        'remove-console',
        'remove the console calls that stand as statements first (a note says how many); any other use of console still stops it',
      ),
    ],
    examples: ['tracer flatten tracer-templates/call.js'],
  },
  {
    name: 'convert',
    synopsis: 'FILE [--target es5]',
    summary: 'convert a tracer to ES5.1 (prints the converted tracer)',
    description:
      'Rewrites the ES2015+ syntax of the tracer in FILE (- for standard input) as ES5.1 with TypeScript: let/const, ' +
      'shorthand methods, arrow functions (with and without this), template literals, computed keys, for-of over ' +
      'arrays, spread, default parameters, destructuring, and the wrapper around the object (let tracer = …;, ' +
      'module.exports = …, export default …, a function returning it), keeping one object literal. Prints the ' +
      'converted tracer; what it changed and assumed goes to standard error. Exit 0 when everything was converted, 1 ' +
      'with the list of what could not be.',
    options: [value('target', 'es5', 'the only target there is to convert to (default es5)')],
    examples: ['tracer convert tracer-templates/call.js'],
  },
  {
    name: 'payload',
    synopsis: '[FILE] --method M [--params JSON] [--tracer-config JSON] [--timeout D] [--pretty]',
    summary: 'print the JSON-RPC request',
    description:
      'Prints the JSON-RPC request for --method with --params; a debug_trace* method takes the tracer FILE (- for ' +
      'standard input), flattened, with --tracer-config and --timeout in its options object.',
    options: [...requestOptions, flag('pretty', 'indent the JSON')],
    examples: [
      `tracer payload tracer-templates/call.js --method debug_traceTransaction --params '["${demoTxHash}"]' --pretty`,
    ],
  },
  {
    name: 'curl',
    synopsis: '[FILE] --method M [--params JSON] --endpoint URL [--user U] [options]',
    summary: 'print a curl command that sends the request',
    description:
      'Prints a shell-quoted curl command that sends the request payload builds. A password and keys in the URL are ' +
      'placeholders unless --include-credentials / --reveal-endpoint.',
    options: [
      ...requestOptions,
      value('endpoint', 'URL', 'the node: http:// or https://'),
      value('user', 'U', 'basic-auth user name (the password is a placeholder)'),
      value('password', 'P', 'basic-auth password, written out only with --include-credentials'),
      flag('include-credentials', 'write the password into the command instead of a placeholder'),
      flag('reveal-endpoint', 'write keys in the URL as they are instead of masking them'),
      flag('one-line', 'one line instead of one option per line'),
    ],
    examples: [`tracer curl --method eth_blockNumber --endpoint ${exampleEndpoint}`],
  },
  {
    name: 'send',
    synopsis: '[FILE] --method M [--params JSON] --endpoint URL [--user U --password P] [options]',
    summary: 'send the request and print the result or the decoded error',
    description:
      'Sends the request payload builds to --endpoint over HTTP(S) or WebSocket and prints the result as JSON. A ' +
      "failed request or trace prints the decoded error (with the tracer's line when the node names one) and exits " +
      '1; so does a block trace in which a transaction failed. The example needs tracer serve --port 8545; tracer ' +
      'demo lists the transactions it can trace.',
    options: [...requestOptions, ...connectionOptions],
    examples: [sendExample],
  },
  {
    name: 'probe',
    synopsis: '--endpoint URL [--user U --password P] [--json]',
    summary: 'does this node run JavaScript tracers?',
    description:
      'Sends a canary tracer (a random nonce) and a negative control and tells supported, ignored, unsupported, ' +
      'debug-disabled, auth-required, unreachable or ambiguous, with the evidence. After supported, eight canary ' +
      'tracers name the dialect: behaves like geth, or differs from geth with each difference by id ' +
      '(docs/dialects.md); --json has it as dialect. Exit 0 only for supported. The example needs tracer serve ' +
      '--port 8545.',
    options: [...connectionOptions, json('the report')],
    examples: [`tracer probe --endpoint ${exampleEndpoint}`],
  },
  {
    name: 'replay',
    synopsis:
      '(--fixture FILE | --endpoint URL --tx HASH) --tracer FILE [--tracer-config JSON] [--timeout D] [--target T] [options]',
    summary:
      "run a tracer on a fixture's transaction, or on any node's mined transaction, in the embedded EVM",
    description:
      "Replays a geth tracetest fixture's transaction (from tracer capture) in the embedded EVM with the tracer, " +
      'in a trace process of its own, and prints the result as JSON. With --endpoint and --tx instead, traces a mined ' +
      "transaction of any node with that node's state, read with standard methods only (eth_getBalance, " +
      'eth_getTransactionCount, eth_getCode, eth_getStorageAt, eth_getBlockByHash: no debug_* needed), the earlier ' +
      'transactions of its block run first; the trace process has no network either way (this command fetches the ' +
      'read-only state it asks for). The tracer file is read as send reads it (flattened for --target, an ' +
      "author's var tracer = … wrapper removed). Exit 1 with the tracer error or what the node lacks. The example " +
      'captures its fixture from tracer serve --port 8545.',
    options: [
      value(
        'fixture',
        'FILE',
        'the fixture (geth tracetest JSON, as tracer capture prints it), - for standard input',
      ),
      value(
        'tracer',
        'FILE',
        'the tracer file, - for standard input, or prestateTracer (fixtures); with --endpoint, absent: the struct logger',
      ),
      tracerConfig,
      timeout,
      target,
      flag('no-flatten', "run FILE's text as it is instead of the flattened tracer"),
      memoryLimit('the trace process'),
      value('tx', 'HASH', 'with --endpoint: hash of the mined transaction to trace'),
      value(
        'hardfork',
        'NAME',
        'with --endpoint: the fork to run (default: from the chain id for mainnet, Sepolia, Holesky, Hoodi, else from the header)',
      ),
      flag('stats', 'with --endpoint: print the fork used and the requests it took to stderr'),
      flag(
        'console',
        "print the tracer's console.log/console.error lines to stderr, as [step N hook] text (without it they are counted)",
      ),
      flag(
        'profile',
        "print calls and time per hook and an estimate of geth's time against the timeout to stderr (runs in QuickJS, the page's engine)",
      ),
      ...connectionOptions,
    ],
    examples: [
      `tracer capture --endpoint ${exampleEndpoint} --tx ${demoTxHash} | tracer replay --fixture - --tracer tracer-templates/call-tree.js`,
      `tracer replay --endpoint ${exampleEndpoint} --tx ${demoTxHash} --tracer tracer-templates/call-tree.js`,
    ],
  },
  {
    name: 'capture',
    synopsis: '--endpoint URL --tx HASH [--user U --password P]',
    summary: 'print a replayable fixture of a mined transaction',
    description:
      "Fetches a mined transaction's pre-state (prestateTracer), block and raw transaction and prints a geth " +
      'tracetest fixture, ready for tracer replay --fixture. The example needs tracer serve --port 8545.',
    options: [value('tx', 'HASH', 'hash of the mined transaction'), ...connectionOptions],
    examples: [`tracer capture --endpoint ${exampleEndpoint} --tx ${demoTxHash}`],
  },
  {
    name: 'serve',
    synopsis: '[--port P] [--host H] [--fixture FILE | --upstream URL] [options]',
    summary: 'serve the embedded node over HTTP and WebSocket JSON-RPC',
    description:
      'Serves the embedded node (the demo chain, or a fixture) on one port to this machine, with debug_trace* run in ' +
      'a pool of trace processes. With --upstream, serves any node instead: the four trace methods run here on ' +
      "that node's state (read with standard methods only, so it needs no debug_* method and no JavaScript tracer " +
      'support), everything else is forwarded to it. Stops, trace processes included, on SIGINT, SIGTERM or SIGHUP; ' +
      'started in the background by a script (tracer serve &), it stays up once the script exits, as anvil does, ' +
      'but under npm run it stops with npm.',
    options: [
      value('port', 'P', 'port to listen on (default 8545; 0: any free port)'),
      value('host', 'H', 'address to listen on (default 127.0.0.1; others are warned about)'),
      value('fixture', 'FILE', "serve this fixture's chain instead of the demo chain"),
      repeatable('allow-origin', 'ORIGIN', 'also answer pages from this origin (repeatable; * for all)'),
      repeatable('allow-host', 'NAME', 'also accept this Host name (repeatable)'),
      value('max-timeout', 'D', "cap on a request's tracer timeout, a Go duration (default 60s)"),
      memoryLimit('each trace process'),
      value(
        'workers',
        'N',
        'most trace processes at once, 1–64 (default 2; one kept warm, more while requests wait)',
      ),
      value(
        'upstream',
        'URL',
        "trace on this node's chain (http://, https://, ws://, wss://); forward the rest to it",
      ),
      value('user', 'U', 'basic-auth user name of the upstream'),
      value('password', 'P', 'basic-auth password of the upstream (needs --user; or set TRACER_PASSWORD)'),
      value('hardfork', 'NAME', "the upstream's fork rules, when its chain id is not a known chain's"),
    ],
    examples: ['tracer serve --port 8545'],
  },
  {
    name: 'demo',
    synopsis: '[--json]',
    summary: "list the demo chain's transactions and what each exercises",
    description:
      "Lists the transactions of the embedded node's demo chain (what tracer serve and the playground serve): hash, " +
      'block, sender, call, and the opcodes worth tracing that each runs, found by tracing each one.',
    options: [json('the list')],
    examples: ['tracer demo'],
  },
  {
    name: 'rules',
    synopsis: '[--json]',
    summary: 'list the lint rules: id, severity, summary',
    description:
      'Lists every rule tracer check reports: the tracer rules, then the ES2015+ constructs of the ES5.1 check (errors, ' +
      'or notes with a --target that runs them).',
    options: [json('the catalogue')],
    examples: ['tracer rules'],
  },
  {
    name: 'help',
    synopsis: '[COMMAND]',
    summary: "a command's usage, options and an example",
    description:
      'Prints the usage, options and an example of COMMAND (the same as tracer COMMAND --help), or the list of ' +
      'commands.',
    options: [],
    examples: ['tracer help send'],
  },
];

/** Looks a command up by name. */
export function findCommandSpec(name: string): CommandSpec | undefined {
  return commandSpecs.find((c) => c.name === name);
}

/** Parses a command's arguments against its spec: only the options it lists are accepted. */
export function parseCommandArgs(args: string[], spec: CommandSpec): ParsedArgs {
  const names = (kind: OptionSpec['kind']) => spec.options.filter((o) => o.kind === kind).map((o) => o.name);
  try {
    return parseArgs(args, names('value'), names('flag'), names('repeatable'));
  } catch (e) {
    const unknown = e instanceof UsageError && /^unknown option --(.*)$/.exec(e.message);
    if (!unknown) throw e;
    const near = spec.options.find((o) => editDistance(o.name, unknown[1]) <= 2);
    throw new UsageError(
      `${e.message}; ${near ? `did you mean --${near.name}?` : `tracer ${spec.name} --help lists the options`}`,
    );
  }
}

/** Levenshtein distance (short option names only). */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/** The spec of a command that exists (for the command modules themselves). */
export function commandSpec(name: string): CommandSpec {
  const spec = findCommandSpec(name);
  if (!spec) throw new Error(`no command spec for ${name}`);
  return spec;
}

/**
 * True when `args` ask for help: `--help` or `-h` where an option or a positional could stand (not as the value of
 * an option that takes one, e.g. `--params -h`).
 */
export function wantsHelp(args: readonly string[], spec: CommandSpec): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--help' || a === '-h') return true;
    if (!a.startsWith('--') || a.includes('=')) continue;
    const option = spec.options.find((o) => o.name === a.slice(2));
    if (option && option.kind !== 'flag') i++;
  }
  return false;
}

const helpOption = { label: '-h, --help', description: 'print this help' };

/** `tracer help COMMAND`: usage, description, options (one line each) and examples. */
export function formatCommandHelp(spec: CommandSpec): string {
  const options = [
    ...spec.options.map((o) => ({
      label: `--${o.name}${o.arg ? ` ${o.arg}` : ''}${o.kind === 'repeatable' ? ' …' : ''}`,
      description: o.description,
    })),
    helpOption,
  ];
  const width = Math.max(...options.map((o) => o.label.length)) + 2;
  return [
    `usage: tracer ${spec.name}${spec.synopsis ? ` ${spec.synopsis}` : ''}`,
    '',
    ...wrap(spec.description, 100),
    '',
    'options:',
    ...options.map((o) => `  ${o.label.padEnd(width)}${o.description}`),
    '',
    spec.examples.length === 1 ? 'example:' : 'examples:',
    ...spec.examples.map((e) => `  ${e}`),
    '',
  ].join('\n');
}

/** The command list (`tracer help`, `tracer --help`, and after an unknown command). */
export function formatUsage(): string {
  const width = Math.max(...commandSpecs.map((c) => c.name.length)) + 2;
  return [
    'usage: tracer <command> [options]',
    '',
    'commands:',
    ...commandSpecs.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'tracer help COMMAND (or tracer COMMAND --help) shows its options and an example. FILE may be - for standard input.',
    '',
  ].join('\n');
}

/** Breaks text into lines of at most `width` characters at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Throws the usage error for a command that takes no positional arguments. */
export function noPositionals(parsed: ParsedArgs): void {
  if (parsed.positionals.length) throw new UsageError(`unexpected argument ${parsed.positionals[0]}`);
}
