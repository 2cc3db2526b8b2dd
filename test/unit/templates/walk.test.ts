import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenTracer } from '../../../src/core/flatten/flattenTracer.ts';
import { listTemplates } from '../../../src/core/templates/listTemplates.ts';
import { parseTemplateHeader } from '../../../src/core/templates/parseTemplateHeader.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';

const dir = join(import.meta.dirname, '../../../tracer-templates');
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.js'))
  .sort();
const read = (name: string) => readFileSync(join(dir, name), 'utf8');
const conformanceDir = join(import.meta.dirname, '../conformance');
/** The conformance tests' text: a template tested against geth's fixtures is named there. */
const conformanceText = readdirSync(conformanceDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(join(conformanceDir, f), 'utf8'))
  .join('\n');

const required = [
  'call',
  'sload-sstore',
  'call-tree',
  'prestate',
  'flat-calls',
  'selector-counter',
  'opcode-histogram',
  'gas-per-step',
  'revert-finder',
];

describe('tracer-templates folder', () => {
  it('holds every required template', () => {
    const ids = names.map((n) => n.slice(0, -3));
    for (const id of required) expect(ids).toContain(id);
  });

  it('lists call and sload-sstore first, the rest by id', () => {
    const files = Object.fromEntries(names.map((n) => [`tracer-templates/${n}`, read(n)]));
    const ids = listTemplates(files).map((t) => t.id);
    expect(ids.slice(0, 2)).toEqual(['call', 'sload-sstore']);
    const rest = ids.slice(2);
    expect(rest).toEqual([...rest].sort());
    expect(ids).toHaveLength(names.length);
  });
});

describe.each(names)('template %s', (name) => {
  const source = read(name);

  it('has a valid header', () => {
    const parsed = parseTemplateHeader(source, name.slice(0, -3));
    if (!parsed.ok) expect.fail(`${parsed.error.line}: ${parsed.error.message}`);
    expect(parsed.template.name.length).toBeGreaterThan(0);
    expect(parsed.template.methods.length).toBeGreaterThan(0);
    expect(parsed.template.clients).toContain('embedded');
  });

  it('says where it was tested (@tested): embedded always; geth only when a conformance test replays it', () => {
    const parsed = parseTemplateHeader(source, name.slice(0, -3));
    const tested = parsed.ok ? (parsed.template.tested ?? []) : [];
    expect(tested).toContain('embedded');
    const id = name.slice(0, -3);
    const inConformance = conformanceText.includes(`'${name}'`) || conformanceText.includes(`'${id}'`);
    expect(tested.includes('geth')).toBe(inConformance);
    // `anvil` is checked against anvil itself in test/unit/anvil/anvilTemplates.test.ts.
  });

  it('passes checkTracer with no error and no warning', () => {
    const found = checkTracer(source, { profile: 'strict' }).diagnostics.filter(
      (d) => d.severity === 'error' || d.severity === 'warning',
    );
    expect(found.map((d) => `${d.range.start.line}:${d.ruleId}: ${d.message}`)).toEqual([]);
  });

  it('flattens to one line without double quotes', () => {
    const flat = flattenTracer(source);
    expect(flat.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(flat.ok).toBe(true);
    expect(flat.code).not.toContain('"');
    expect(flat.code).not.toMatch(/[\n\r]/);
    expect(flat.code.startsWith('{')).toBe(true);
  });

  it('uses only single-quoted strings in the source', () => {
    const body = source.slice(source.indexOf('*/') + 2);
    expect(body).not.toContain('"');
    expect(body).not.toContain('`');
  });
});
