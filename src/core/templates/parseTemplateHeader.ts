import { isMethodName, isTraceMethod, methodNames, methods } from '../rpc/methods/methods.ts';
/** The tracing methods a template can name in `@methods`: the method table's tracing rows. */
export const templateMethods: readonly string[] = methodNames.filter(isTraceMethod);

/** The clients a template can name in `@clients`. */
export const templateClients = ['geth', 'erigon', 'embedded'] as const;

/**
 * Where a template can say, in `@tested`, that it was tested (tracer-templates/README.md): `embedded` (the unit
 * tests run it on the embedded node, geth's semantics), `geth` (its output equals what geth itself recorded in
 * geth's tracetest fixtures, test/unit/conformance), `anvil` (anvil 1.7.1 gives the same output as the embedded node
 * for the same requests, test/unit/anvil).
 */
export const templateTestedOn = ['embedded', 'geth', 'anvil'] as const;

/**
 * Which of the embedded node's demo-chain values a template's demo request uses (`@demo METHOD SUBJECT`): `tx` the
 * demo transaction (CallProbe.run(7): CALL, DELEGATECALL, STATICCALL, CREATE, CREATE2, storage, logs, value),
 * `revertTx` the transaction that reverts with a reason, `block` the demo block, `call` the ERC-20 transfer call.
 */
export const templateDemoSubjects = ['tx', 'revertTx', 'block', 'call'] as const;
/** A template's demo request: the method and the demo value it traces. */
export interface TemplateDemo {
  method: string;
  subject: (typeof templateDemoSubjects)[number];
}
// Which subjects a tracing method can take, read from its params in the method table: a call object, a
// transaction hash, or a block.
function demoSubjectsOf(method: string): readonly TemplateDemo['subject'][] {
  if (!isMethodName(method)) return [];
  const params = methods[method].params.map((p) => p.name);
  if (params.includes('call')) return ['call'];
  if (params.includes('txHash')) return ['tx', 'revertTx'];
  return ['block'];
}

/** What a template's header comment says about it. */
export interface TemplateInfo {
  /** The file name without `.js`. */
  id: string;
  name: string;
  description: string;
  methods: string[];
  clients: string[];
  /** Where it was tested (`@tested`, one of {@link templateTestedOn}), when the header says. */
  tested?: string[];
  /** The parsed `@tracerConfig` example, when the header has one. */
  tracerConfig?: unknown;
  /** The request that shows what it does on the embedded node's demo chain (`@demo`), when the header says. */
  demo?: TemplateDemo;
}

/** A header problem: the message and the 1-based line it is about. */
export interface TemplateHeaderError {
  message: string;
  line: number;
}

/** The result of {@link parseTemplateHeader}. */
export type ParseTemplateHeaderResult =
  { ok: true; template: TemplateInfo } | { ok: false; error: TemplateHeaderError };

const requiredTags = ['name', 'description', 'methods', 'clients'] as const;
const knownTags = new Set<string>([...requiredTags, 'tested', 'tracerConfig', 'demo']);

interface Tag {
  value: string;
  line: number;
}

function fail(message: string, line: number): ParseTemplateHeaderResult {
  return { ok: false, error: { message, line } };
}

/** Splits `a, b,c` into trimmed names and checks each against the allowed list. */
function parseList(tag: string, t: Tag, allowed: readonly string[]): string[] | TemplateHeaderError {
  const items = t.value.split(',').map((s) => s.trim());
  const bad = items.find((s) => !allowed.includes(s));
  if (bad !== undefined) {
    const shown = bad === '' ? 'an empty entry' : `'${bad}'`;
    return { message: `@${tag} has ${shown}; allowed: ${allowed.join(', ')}`, line: t.line };
  }
  const dup = items.find((s, i) => items.indexOf(s) !== i);
  if (dup !== undefined) return { message: `@${tag} names '${dup}' twice`, line: t.line };
  return items;
}

/** Reads the `@tag value` lines of the comment body; each tag takes one line. */
function readTags(body: string[], firstLine: number): Map<string, Tag> | TemplateHeaderError {
  const tags = new Map<string, Tag>();
  for (let i = 0; i < body.length; i++) {
    const line = firstLine + i;
    const text = body[i].replace(/^\s*\*?\s?/, '').trimEnd();
    if (text.trim() === '') continue;
    const m = /^@(\S+)(?:\s+(.*))?$/.exec(text.trim());
    if (!m) return { message: `Header line ${line} is not a '@tag value' line: '${text.trim()}'`, line };
    const [, tag, value = ''] = m;
    if (!knownTags.has(tag)) {
      return { message: `Unknown header tag @${tag}; known tags: @${[...knownTags].join(', @')}`, line };
    }
    if (tags.has(tag))
      return { message: `@${tag} appears twice (first on line ${tags.get(tag)!.line})`, line };
    if (value.trim() === '') return { message: `@${tag} has no value`, line };
    tags.set(tag, { value: value.trim(), line });
  }
  return tags;
}

/**
 * Parses the header comment of a tracer template: a leading block comment with one `@tag value` line per tag
 * (`@name`, `@description`, `@methods`, `@clients`, optional `@tested`, `@demo` and `@tracerConfig` JSON), followed by the tracer object
 * literal. `id` is the file name without `.js`. Every malformed header gives a message with its line.
 */
export function parseTemplateHeader(source: string, id: string): ParseTemplateHeaderResult {
  const start = source.search(/\S/);
  if (start < 0) return fail(`Template '${id}' is empty`, 1);
  const startLine = source.slice(0, start).split('\n').length;
  if (!source.startsWith('/**', start)) {
    return fail(`Template '${id}' must start with a /** ... */ header comment`, startLine);
  }
  const end = source.indexOf('*/', start + 3);
  if (end < 0) return fail(`The header comment of template '${id}' is not closed with */`, startLine);
  const rest = source.slice(end + 2);
  if (!rest.trimStart().startsWith('{')) {
    const line = source.slice(0, end + 2 + rest.search(/\S|$/)).split('\n').length;
    return fail(
      `The header comment of template '${id}' must be followed by the tracer object literal '{'`,
      line,
    );
  }
  const body = source.slice(start + 3, end).split('\n');
  const tags = readTags(body, startLine);
  if (!(tags instanceof Map)) return { ok: false, error: tags };
  for (const tag of requiredTags) {
    if (!tags.has(tag)) return fail(`The header of template '${id}' has no @${tag} line`, startLine);
  }
  const methods = parseList('methods', tags.get('methods')!, templateMethods);
  if (!Array.isArray(methods)) return { ok: false, error: methods };
  const clients = parseList('clients', tags.get('clients')!, templateClients);
  if (!Array.isArray(clients)) return { ok: false, error: clients };
  const template: TemplateInfo = {
    id,
    name: tags.get('name')!.value,
    description: tags.get('description')!.value,
    methods,
    clients,
  };
  const tested = tags.get('tested');
  if (tested) {
    const list = parseList('tested', tested, templateTestedOn);
    if (!Array.isArray(list)) return { ok: false, error: list };
    template.tested = list;
  }
  const demo = tags.get('demo');
  if (demo) {
    const [method = '', subject = '', ...extra] = demo.value.split(/\s+/);
    if (!methods.includes(method))
      return fail(`@demo names '${method}', which is not in @methods (${methods.join(', ')})`, demo.line);
    const allowed = demoSubjectsOf(method);
    if (!allowed.includes(subject as TemplateDemo['subject']) || extra.length)
      return fail(
        `@demo ${method} takes one of: ${allowed.join(', ')} (got '${[subject, ...extra].join(' ')}')`,
        demo.line,
      );
    template.demo = { method, subject: subject as TemplateDemo['subject'] };
  }
  const config = tags.get('tracerConfig');
  if (config) {
    try {
      template.tracerConfig = JSON.parse(config.value);
    } catch (e) {
      return fail(`@tracerConfig is not valid JSON: ${(e as Error).message}`, config.line);
    }
  }
  return { ok: true, template };
}
