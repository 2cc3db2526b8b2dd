import { describe, expect, it } from 'vitest';
import type { AppState } from '../../../src/state/appState.ts';
import { createInitialState } from '../../../src/state/createInitialState.ts';
import { createStore } from '../../../src/state/createStore.ts';
import { loadState, saveState } from '../../../src/state/persist.ts';
import { createTracerActions } from '../../../src/ui/tracers/createTracerActions.ts';
import { keepTracerConfigPerTab } from '../../../src/ui/request/keepTracerConfigPerTab.ts';

const callTreeConfig = '{"onlyTopCall":true}';
const tick = () => new Promise((r) => setTimeout(r, 0));

function setup() {
  const memory = new Map<string, string>();
  const storage = {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
  };
  const store = createStore<AppState>(createInitialState(storage, '').state);
  keepTracerConfigPerTab(store);
  const tracers = createTracerActions(store, () => {});
  const config = () => store.get().request.tracerConfig;
  const setConfig = (c: string) => store.update((s) => ({ request: { ...s.request, tracerConfig: c } }));
  // As mountTopActions opens a template: its tab, then its @tracerConfig in the form.
  const openTemplate = (name: string, cfg?: string) => {
    tracers.add(name, '{result: function () { return 1; }, fault: function () {}}');
    if (cfg !== undefined) setConfig(cfg);
  };
  return { store, tracers, config, setConfig, openTemplate };
}

describe('tracerConfig belongs to the tracer tab', () => {
  it('a template’s config stays with its tab and does not go out with the next tracer', async () => {
    const { store, tracers, config, openTemplate } = setup();
    const first = store.get().activeTracerId;
    openTemplate('Call tree', callTreeConfig);
    await tick();
    const callTree = store.get().activeTracerId;
    expect(config()).toBe(callTreeConfig);
    // A new tracer without a config starts empty.
    openTemplate('Opcode histogram');
    await tick();
    expect(config()).toBe('');
    // Switching tabs switches the config.
    tracers.select(callTree);
    await tick();
    expect(config()).toBe(callTreeConfig);
    tracers.select(first);
    await tick();
    expect(config()).toBe('');
    expect(store.get().tracers.find((t) => t.id === callTree)?.tracerConfig).toBe(callTreeConfig);
  });

  it('what is typed for a tab comes back with that tab, also an emptied config', async () => {
    const { store, tracers, config, setConfig, openTemplate } = setup();
    const first = store.get().activeTracerId;
    setConfig('{"limit":5}');
    openTemplate('Call tree', callTreeConfig);
    await tick();
    const callTree = store.get().activeTracerId;
    setConfig('');
    tracers.select(first);
    await tick();
    expect(config()).toBe('{"limit":5}');
    tracers.select(callTree);
    await tick();
    expect(config()).toBe('');
  });

  it('each tab’s config is saved with it and read back', async () => {
    const { store, openTemplate } = setup();
    openTemplate('Call tree', callTreeConfig);
    openTemplate('Opcode histogram');
    await tick();
    const memory = new Map<string, string>();
    const storage = {
      getItem: (k: string) => memory.get(k) ?? null,
      setItem: (k: string, v: string) => void memory.set(k, v),
    };
    saveState(storage, store.get());
    const back = loadState(storage).saved!;
    expect(back.tracers.map((t) => t.tracerConfig)).toEqual([undefined, callTreeConfig, undefined]);
  });
});
