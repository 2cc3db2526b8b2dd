// A callTracer result → the frames of the call tree (depth-first, capped) and the flame chart's rectangles.
import { isCallFrame } from './detectResultShape.ts';
import { rawFrameFields } from './frameDetail.ts';
import { formatWei, shortHex, toBigInt, toNumber } from './quantities.ts';
import { decodeSelector, selectorOf } from './selectors.ts';
import { viewLimits, type CallFrameView, type CallTreeData, type FlameBar } from './viewData.ts';

type Frame = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function childrenOf(f: Frame): Frame[] {
  return Array.isArray(f.calls) ? (f.calls.filter(isCallFrame) as Frame[]) : [];
}

function frameView(f: Frame, id: number, parent: number, depth: number, index: number): CallFrameView {
  const type = String(f.type).toUpperCase();
  // A creation's input is init code: its first bytes are no selector.
  const creates = type.startsWith('CREATE');
  const wei = toBigInt(f.value);
  return {
    id,
    parent,
    depth,
    type,
    from: str(f.from) ?? '',
    to: str(f.to) ?? '',
    value: wei !== null && wei !== 0n ? formatWei(wei.toString()) : null,
    gas: toNumber(f.gas),
    gasUsed: toNumber(f.gasUsed),
    selector: creates ? null : selectorOf(f.input),
    method: creates ? null : decodeSelector(f.input),
    error: str(f.error),
    revertReason: str(f.revertReason),
    childCount: childrenOf(f).length,
    index,
    ...rawFrameFields(f),
  };
}

/** The label a frame gets in the flame chart: its method (or selector), else its type and callee. */
export function frameLabel(f: CallFrameView): string {
  const callee = f.to ? shortHex(f.to) : '';
  if (f.method) return `${f.method.replace(/\(.*$/, '')} ${callee}`.trim();
  if (f.selector) return `${f.type} ${callee} ${f.selector}`.trim();
  return `${f.type} ${callee}`.trim();
}

/**
 * Lays the frames out as a flame chart (top frame on the first row): each frame spans its gas used, its children
 * side by side from its left edge, squeezed to fit when they report more gas than their parent.
 */
export function layoutFlame(frames: CallFrameView[]): FlameBar[] {
  const bars: FlameBar[] = [];
  const placed = new Set<number>();
  // Where the next child of each frame starts, and the factor its children's gas is multiplied by.
  const cursor = new Map<number, number>();
  const factor = new Map<number, number>();
  const childGas = new Map<number, number>();
  for (const f of frames) if (f.parent >= 0) childGas.set(f.parent, (childGas.get(f.parent) ?? 0) + width(f));
  for (const f of frames) {
    const raw = width(f);
    const inner = childGas.get(f.id) ?? 0;
    let start = 0;
    let w = raw;
    if (f.parent >= 0) {
      if (!placed.has(f.parent)) continue;
      start = cursor.get(f.parent)!;
      w = raw * factor.get(f.parent)!;
      cursor.set(f.parent, start + w);
    } else if (w === 0) w = inner;
    // Children shrink with their parent, and further when together they report more gas than it used.
    let k = raw > 0 ? w / raw : inner > 0 ? w / inner : 0;
    if (inner * k > w) k = w / inner;
    factor.set(f.id, k);
    cursor.set(f.id, start);
    placed.add(f.id);
    bars.push({
      id: f.id,
      depth: f.depth,
      start,
      end: start + w,
      label: frameLabel(f),
      failed: f.error !== null,
    });
  }
  return bars;
}

function width(f: CallFrameView): number {
  return Math.max(0, f.gasUsed ?? f.gas ?? 0);
}

/** The call tree of a callTracer result: up to `limit` frames, depth-first, and their flame chart. */
export function prepareCallTree(root: unknown, limit: number = viewLimits.frames): CallTreeData {
  const frames: CallFrameView[] = [];
  let total = 0;
  let maxDepth = 0;
  if (isCallFrame(root)) {
    // Depth-first without recursion: a stack of [frame, parent id, depth, index among the parent's calls].
    const stack: [Frame, number, number, number][] = [[root as Frame, -1, 0, 0]];
    while (stack.length) {
      const [f, parent, depth, index] = stack.pop()!;
      total++;
      if (frames.length >= limit) {
        for (const c of childrenOf(f)) stack.push([c, -1, depth + 1, 0]);
        continue;
      }
      const view = frameView(f, frames.length, parent, depth, index);
      frames.push(view);
      maxDepth = Math.max(maxDepth, depth);
      const kids = childrenOf(f);
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], view.id, depth + 1, i]);
    }
  }
  return { frames, totalFrames: total, maxDepth, flame: layoutFlame(frames) };
}
