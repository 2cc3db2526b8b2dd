import { describe, expect, it } from 'vitest';
import { expose, releaseProxy, wrap, type Endpoint } from 'comlink';
import { MessageChannel } from 'node:worker_threads';
import { gateRemote } from '../../../src/worker/sandbox/gateRemote.ts';

interface Echo {
  echo(x: string): string;
}

function connect() {
  const channel = new MessageChannel();
  const calls: string[] = [];
  expose(
    { echo: (x: string) => (calls.push(x), `echo:${x}`) } satisfies Echo,
    channel.port2 as unknown as Endpoint,
  );
  return { remote: wrap<Echo>(channel.port1 as unknown as Endpoint), calls, channel };
}

describe('gateRemote', () => {
  it('passes calls through once ready', async () => {
    const { remote, channel } = connect();
    const gated = gateRemote(remote, Promise.resolve());
    expect(await gated.echo('a')).toBe('echo:a');
    channel.port1.close();
  });

  it('holds calls until ready resolves', async () => {
    const { remote, calls, channel } = connect();
    let open!: () => void;
    const gated = gateRemote(remote, new Promise<void>((r) => (open = r)));
    const pending = gated.echo('b');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    open();
    expect(await pending).toBe('echo:b');
    expect(calls).toEqual(['b']);
    channel.port1.close();
  });

  it('rejects calls with the start-up error and never sends them', async () => {
    const { remote, calls, channel } = connect();
    const failed = Promise.reject(new Error('Embedded node sandbox: Starting took longer than 20 s'));
    failed.catch(() => {});
    const gated = gateRemote(remote, failed);
    await expect(gated.echo('c')).rejects.toThrow('Embedded node sandbox: Starting took longer than 20 s');
    expect(calls).toEqual([]);
    channel.port1.close();
  });

  it('keeps comlink symbols and is not itself a thenable', async () => {
    const { remote, channel } = connect();
    const gated = gateRemote(remote, Promise.resolve());
    expect(typeof gated[releaseProxy]).toBe('function');
    expect(await Promise.resolve(gated)).toBe(gated);
    channel.port1.close();
  });
});
