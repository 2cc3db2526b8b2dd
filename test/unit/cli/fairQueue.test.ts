import { describe, expect, it } from 'vitest';
import { createFairQueue } from '../../../src/cli/serve/createFairQueue.ts';

/**
 * A script of queue operations: `A+3` pushes three items for client A (named A1, A2, A3 after the items A already
 * got), `A#2` says A has two items running from now on, `>` shifts one, `>*` shifts until empty, `-A` drops A's
 * items. Returns what the shifts and drops gave, in order.
 */
function play(script: string): { shifted: string[]; dropped: string[]; size: number } {
  const queue = createFairQueue<string>();
  const clients = new Map<string, object>();
  const pushed = new Map<string, number>();
  const client = (name: string) => clients.get(name) ?? clients.set(name, {}).get(name)!;
  const shifted: string[] = [];
  const dropped: string[] = [];
  const running = new Map<object, number>();
  const runningOf = (c: object) => running.get(c) ?? 0;
  for (const op of script.split(' ')) {
    if (op === '>') shifted.push(queue.shift(runningOf) ?? 'none');
    else if (op === '>*') for (let i = queue.shift(runningOf); i; i = queue.shift(runningOf)) shifted.push(i);
    else if (op.includes('#')) running.set(client(op.split('#')[0]), Number(op.split('#')[1]));
    else if (op.startsWith('-')) dropped.push(...queue.drop(client(op.slice(1))));
    else {
      const [name, count] = op.split('+');
      for (let i = 0; i < Number(count); i++) {
        const n = (pushed.get(name) ?? 0) + 1;
        pushed.set(name, n);
        queue.push(client(name), `${name}${n}`);
      }
    }
  }
  return { shifted, dropped, size: queue.size };
}

describe('createFairQueue: round-robin across clients', () => {
  it.each([
    ['one client: first come, first served', 'A+3 >*', 'A1 A2 A3'],
    ['nothing waiting', '>', 'none'],
    ['a long queue and a newcomer: the newcomer is second', 'A+5 B+1 >*', 'A1 B1 A2 A3 A4 A5'],
    // A1 was taken (running) when B came: B waits for at most one more of A's.
    ['a newcomer while the long queue runs', 'A+5 > B+1 >*', 'A1 A2 B1 A3 A4 A5'],
    ['three clients take turns', 'A+3 B+3 C+2 >*', 'A1 B1 C1 A2 B2 C2 A3 B3'],
    [
      'two long queues and a newcomer: one of each before it',
      'A+4 B+4 > C+1 >*',
      'A1 B1 A2 C1 B2 A3 B3 A4 B4',
    ],
    // A emptied and left the ring: coming back, it joins behind B.
    ['a client that comes back joins at the end', 'A+1 B+3 > > A+1 >*', 'A1 B1 B2 A2 B3'],
    // One item at a time (a batch's items are sent one after the other): still one turn per round.
    ['a client that sends one item at a time', 'A+4 B+1 > B+1 > B+1 >*', 'A1 B1 A2 B2 A3 B3 A4'],
    // Running counts (the pool's processes): fewer running first, round-robin among equals.
    ['a client with nothing running goes before one with a trace running', 'A+3 B+1 A#1 >*', 'B1 A1 A2 A3'],
    ['equal running counts: round-robin as without', 'A+2 B+2 A#1 B#1 >*', 'A1 B1 A2 B2'],
    ['fewest running first, whatever the ring order', 'A+1 B+1 C+1 A#2 B#1 >*', 'C1 B1 A1'],
    ['ties broken by the ring', 'A+1 B+1 C+1 A#1 >*', 'B1 C1 A1'],
  ])('%s', (_name, script, order) => {
    expect(play(script).shifted.join(' ')).toBe(order);
  });

  it.each([
    [
      "a client's items are dropped, the others go on in turn",
      'A+3 B+2 C+2 > -B >*',
      'B1 B2',
      'A1 C1 A2 C2 A3',
    ],
    ['dropping a client with nothing waiting drops nothing', 'A+2 -B >*', '', 'A1 A2'],
    ['a dropped client that comes back joins at the end', 'A+2 B+2 -B B+1 >*', 'B1 B2', 'A1 B3 A2'],
  ])('%s', (_name, script, dropped, order) => {
    const r = play(script);
    expect(r.dropped.join(' ')).toBe(dropped);
    expect(r.shifted.join(' ')).toBe(order);
    expect(r.size).toBe(0);
  });

  it.each([
    ['pushes count', 'A+3 B+2', 5],
    ['shifts take one each', 'A+3 B+2 > >', 3],
    ['a drop takes all of that client', 'A+3 B+2 -A', 2],
  ])('size: %s', (_name, script, size) => {
    expect(play(script).size).toBe(size);
  });

  it('clear() returns every waiting item and empties the queue', () => {
    const queue = createFairQueue<number>();
    const [a, b] = [{}, {}];
    queue.push(a, 1);
    queue.push(b, 2);
    queue.push(a, 3);
    expect(queue.clear().sort()).toEqual([1, 2, 3]);
    expect(queue.size).toBe(0);
    expect(queue.shift()).toBeUndefined();
  });
});
