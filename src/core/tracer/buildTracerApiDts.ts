import { tracerApiTypes, tracerGlobals, type ApiMember } from './apiModel.ts';
import { formatSignature } from './resolveApiAt.ts';

// Docs are written verbatim: tracerApiDtsDocs.test.ts checks the editor reads each back unchanged (a `*/` in one fails it).
function docComment(doc: string, indent: string): string {
  return `${indent}/** ${doc} */\n`;
}

function memberLine(member: ApiMember, indent: string): string {
  return docComment(member.doc, indent) + `${indent}${formatSignature(member)};\n`;
}

const tracerInterface = `/** A geth JavaScript tracer object: \`result\` and \`fault\` are required; \`enter\`/\`exit\` come as a pair. */
interface Tracer {
  /** Called once with the tracerConfig as JSON text. */
  setup?(config: string): void;
  /** Called for every opcode. */
  step?(log: Log, db: DB): void;
  /** Called when an opcode fails. */
  fault(log: Log, db: DB): void;
  /** Returns the trace result (JSON-encoded by the node). */
  result(ctx: Context, db: DB): unknown;
  /** Called when a call frame starts (depth >= 1). */
  enter?(frame: CallFrame): void;
  /** Called when a call frame ends (depth >= 1). */
  exit?(frameResult: FrameResult): void;
  [key: string]: unknown;
}
`;

/**
 * The ambient declarations of the geth tracer API (types and globals) for the JavaScript language service,
 * generated from the same table as the custom completion, hover and signature providers.
 */
export function buildTracerApiDts(): string {
  let out = '// geth JavaScript tracer API (ambient declarations for editor help)\n';
  for (const t of Object.values(tracerApiTypes)) {
    out += docComment(t.doc, '') + `interface ${t.name} {\n`;
    for (const member of t.members) out += memberLine(member, '  ');
    out += '}\n';
  }
  out += tracerInterface;
  for (const g of tracerGlobals) out += docComment(g.doc, '') + `declare function ${formatSignature(g)};\n`;
  return out;
}
