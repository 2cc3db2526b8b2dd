import type { ThisChange } from '../../evm/host/inspectTypes.ts';
import type { ThisAtResult } from '../../evm/host/thisAt.ts';
import type { StepDetailView } from '../../worker/recording/recordingContract.ts';
import { h } from '../shell/dom.ts';

/** A memory window as 32-byte lines: `0x0040: 00…`. */
export function memoryLines(memory: { offset: number; hex: string }): string[] {
  const out: string[] = [];
  for (let i = 0; i < memory.hex.length; i += 64)
    out.push(`0x${(memory.offset + i / 2).toString(16).padStart(4, '0')}: ${memory.hex.slice(i, i + 64)}`);
  return out;
}

function changeLine(c: ThisChange): string {
  if (c.kind === 'removed') return `− ${c.path}`;
  const sign = c.kind === 'pushed' ? '+ push' : c.kind === 'added' ? '+' : '~';
  return `${sign} ${c.path} = ${c.value ?? ''}${c.truncated ? '…' : ''}`;
}

const section = (title: string, testId: string, body: (Node | string)[]) =>
  h('div', { attrs: { 'data-testid': testId } }, [h('h4', { text: title }), ...body]);

/**
 * The detail of a step: its values, stack (top first), memory window, storage access, the hook calls of the step
 * with what each changed in `this` (highlighted), and `this` after the step once `thisAfter` gives it, or why it cannot be rebuilt.
 */
export function renderStepDetail(
  detail: StepDetailView | null,
  thisAfter: Promise<ThisAtResult>,
): HTMLElement {
  if (!detail) return h('p', { class: 'muted', text: 'Select a step.' });
  const { step: s, calls, hits } = detail;
  const step = s.index;
  const head = `step ${step}: ${s.op} at pc ${s.pc}, depth ${s.depth}, gas ${s.gas}, cost ${s.cost}${s.refund ? `, refund ${s.refund}` : ''}`;
  const changes = calls.flatMap((c) =>
    c.changes.map((ch) => h('div', { class: 'this-change', text: `${c.hook}: ${changeLine(ch)}` })),
  );
  const thisBox = h('div', { class: 'muted', text: 'Rebuilding this…' });
  void thisAfter.then((after) => thisBox.replaceChildren(renderThis(after)));
  return h(
    'div',
    { class: 'step-detail', attrs: { 'data-testid': 'step-detail', 'data-step': String(step) } },
    [
      h('div', { text: head, attrs: { 'data-testid': 'step-head' } }),
      h('div', { class: 'muted', text: `contract ${s.contract}` }),
      hits.length
        ? h('div', { class: 'debug-stopped', text: `breakpoint ${hits.join(', ')} matched here` })
        : null,
      section('Stack (top first)', 'step-stack', [
        h('pre', { text: s.stack.map((v, i) => `${i}: ${v}`).join('\n') || '(empty)' }),
      ]),
      s.memory
        ? section('Memory', 'step-memory', [h('pre', { text: memoryLines(s.memory).join('\n') })])
        : null,
      s.storage
        ? section('Storage', 'step-storage', [
            h('pre', { text: `${s.storage.kind} ${s.storage.slot} = ${s.storage.value}` }),
          ])
        : null,
      section(
        `Hook calls (${calls.map((c) => c.hook).join(', ') || 'none'})`,
        'step-changes',
        changes.length ? changes : ['no change to this'],
      ),
      section('this after this step', 'step-this', [thisBox]),
    ],
  );
}

function renderThis(after: ThisAtResult): HTMLElement {
  return after.ok
    ? h('pre', { text: JSON.stringify(after.value, null, 2), attrs: { 'data-testid': 'step-this-json' } })
    : h('p', { class: 'muted', text: `Not known: ${after.reason}.` });
}
