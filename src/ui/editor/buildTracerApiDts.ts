import { tracerApiTypes, tracerGlobals, type ApiMember } from './tracerApi.ts';
import { formatSignature } from './resolveApiAt.ts';

function docComment(doc: string, indent: string): string {
  return `${indent}/** ${doc.replace(/\*\//g, '* /')} */\n`;
}

function memberLine(member: ApiMember, indent: string): string {
  return docComment(member.doc, indent) + `${indent}${formatSignature(member)};\n`;
}

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
  for (const g of tracerGlobals) out += docComment(g.doc, '') + `declare function ${formatSignature(g)};\n`;
  return out;
}
