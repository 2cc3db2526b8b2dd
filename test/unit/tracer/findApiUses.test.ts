import { describe, expect, it } from 'vitest';
import { tracerApiTypes, tracerGlobals } from '../../../src/core/tracer/apiModel.ts';
import { findApiUses } from '../../../src/core/tracer/findApiUses.ts';

const uses = (source: string) => [
  ...findApiUses(Object.values(tracerApiTypes), tracerGlobals, [{ name: 't', source }]).keys(),
];

describe('findApiUses', () => {
  it.each([
    ['log.stack.peek(0)', ['Log.stack', 'Stack.peek']],
    ['log.getPC()', ['Log.getPC']],
    ['log.op.toString()', ['Log.op', 'Op.toString']],
    ['ctx.value.toString(16)', ['Context.value']],
    ['ctx.from', ['Context.from']],
    ['ctx.fromage', []],
    ['frame.getType()', ['CallFrame.getType']],
    ['res.getGasUsed()', ['FrameResult.getGasUsed']],
    ['db.getBalance(a)', ['DB.getBalance']],
    ['toHex(x)', ['toHex']],
    ['this.toHex(x)', []],
    ['mytoHex(x)', []],
    ['ctx.value.add(1)', ['Context.value', 'BigInteger.add']],
    ['// log.getGas() in a comment still counts', ['Log.getGas']],
    ['log.getGas', []],
  ])('%s → %j', (source, expected) => {
    expect(uses(source)).toEqual(expected);
  });

  it('lists the sources in their order', () => {
    const found = findApiUses(Object.values(tracerApiTypes), tracerGlobals, [
      { name: 'b', source: 'toHex(x)' },
      { name: 'a', source: 'var y = toHex(x);' },
      { name: 'c', source: 'nothing' },
    ]);
    expect(found.get('toHex')).toEqual(['b', 'a']);
  });
});
