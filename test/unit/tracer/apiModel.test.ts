import { describe, expect, it } from 'vitest';
import {
  apiModel,
  globalFunctions,
  globalHelpers,
  hookParamTypes,
  hookParams,
  members,
  tracerApiTypes,
  tracerGlobals,
  type ObjectType,
} from '../../../src/core/tracer/apiModel.ts';

/** The objects geth hands to the hooks, and the parts of log: every member must be documented. */
const documentedTypes: ObjectType[] = [
  'log',
  'log.op',
  'log.stack',
  'log.memory',
  'log.contract',
  'db',
  'ctx',
  'frame',
  'frameResult',
];

describe('the tracer API model', () => {
  it.each(documentedTypes)('documents every member of %s (doc text and a declared type)', (t) => {
    const type = apiModel[t];
    expect(type.tsName).toBeTruthy();
    expect(type.doc?.trim()).toBeTruthy();
    expect(type.members.length).toBeGreaterThan(0);
    const declared = tracerApiTypes[type.tsName!];
    for (const member of type.members) {
      expect(member.doc?.trim(), `${t}.${member.name}`).toBeTruthy();
      expect(member.type, `${t}.${member.name}`).toBeTruthy();
      const shown = declared.members.find((d) => d.name === member.name);
      expect(shown?.type.trim(), `${t}.${member.name} in the declarations`).toBeTruthy();
      expect(shown?.kind).toBe(member.kind);
    }
  });

  it('documents every global helper (doc text, a declared type, typed parameters)', () => {
    expect(globalHelpers.length).toBeGreaterThan(0);
    for (const g of globalHelpers) {
      expect(g.doc?.trim(), g.name).toBeTruthy();
      expect(g.kind).toBe('method');
      for (const param of g.params ?? []) expect(param.type.trim(), `${g.name}(${param.name})`).toBeTruthy();
    }
    expect(tracerGlobals.map((g) => g.name)).toEqual(globalHelpers.map((g) => g.name));
    for (const g of tracerGlobals) expect(g.type.trim(), g.name).toBeTruthy();
  });

  it("gives the lint exactly the model's members and globals", () => {
    expect(Object.keys(members).sort()).toEqual(Object.keys(apiModel).sort());
    for (const t of Object.keys(apiModel) as ObjectType[]) {
      expect(new Set(Object.keys(members[t])), t).toEqual(new Set(apiModel[t].members.map((mm) => mm.name)));
      for (const mm of apiModel[t].members)
        expect(members[t][mm.name], `${t}.${mm.name}`).toEqual({ kind: mm.kind, type: mm.type });
    }
    expect(new Set(Object.keys(globalFunctions))).toEqual(new Set(globalHelpers.map((g) => g.name)));
  });

  it('declares to the editor the documented members of each type, and nothing the lint does not know', () => {
    for (const t of Object.keys(apiModel) as ObjectType[]) {
      const { tsName, members: list } = apiModel[t];
      if (!tsName) continue;
      const declared = tracerApiTypes[tsName].members.map((mm) => mm.name);
      expect(declared, t).toEqual(list.filter((mm) => mm.doc).map((mm) => mm.name));
      for (const name of declared) expect(Object.keys(members[t]), t).toContain(name);
    }
    expect(Object.keys(tracerApiTypes)).toEqual(
      Object.values(apiModel).flatMap((type) => (type.tsName ? [type.tsName] : [])),
    );
  });

  it('declares each hook parameter with the type the lint infers for it', () => {
    expect(Object.keys(hookParamTypes)).toEqual(Object.keys(hookParams));
    expect(hookParamTypes.step).toEqual(['Log', 'DB']);
    expect(hookParamTypes.result).toEqual(['Context', 'DB']);
    expect(hookParamTypes.enter).toEqual(['CallFrame']);
    expect(hookParamTypes.exit).toEqual(['FrameResult']);
    expect(hookParamTypes.setup).toEqual(['any']);
  });
});
