// `npm run bench`: every benchmark in one run. Each part returns printable lines; a part that fails prints why
// and the others still run. Numbers are medians measured in this run; compare ratios, not absolute times.
import { existsSync } from 'node:fs';

interface Part {
  title: string;
  file: string;
  run: (mod: Record<string, unknown>) => Promise<string[]>;
  /** Run only when named (`npm run bench -- <file>`): a piece another part already measures. */
  onlyWhenNamed?: boolean;
}

const parts: Part[] = [
  {
    title: 'Core: check + flatten',
    file: './core.ts',
    run: (m) => (m.runCoreBench as () => Promise<string[]>)(),
  },
  {
    title: 'Command line start: tracer check vs acorn',
    file: './cli.ts',
    run: (m) => (m.runCliBench as () => Promise<string[]>)(),
  },
  {
    title: 'Embedded node: traced vs untraced steps',
    file: './evm.ts',
    run: (m) => (m.runEvmBench as () => Promise<string[]>)(),
  },
  {
    title: 'serve under load: a normal trace while other clients run 3 s loops',
    file: './serve.ts',
    run: (m) => (m.runServeBench as () => Promise<string[]>)(),
  },
  {
    title: 'serve as a dev node: ready, first trace, resident memory idle',
    file: './serveStart.ts',
    run: (m) => (m.runServeStartBench as () => Promise<string[]>)(),
  },
  {
    title: 'serve --upstream vs cast run: a mid-block transaction of a loopback anvil, cold and warm',
    file: './upstream.ts',
    run: (m) => (m.runUpstreamBench as () => Promise<string[]>)(),
  },
  {
    title: 'Debug panel in Chromium: the Inspector scrolling a 100,000-step recording',
    file: './debugInspector.ts',
    run: (m) => (m.runDebugInspectorBench as () => Promise<string[]>)(),
  },
  {
    title: 'Playground in Chromium',
    file: './browser.ts',
    run: (m) => (m.runBrowserBench as () => Promise<string[]>)(),
  },
  {
    title: 'First `npm run dev` loads of fresh clones (also in the browser part)',
    file: './pageWaits.ts',
    run: (m) => (m.runDevLoadBench as () => Promise<string[]>)(),
    onlyWhenNamed: true,
  },
];

const only = process.argv.slice(2);
let failures = 0;
for (const part of parts) {
  const named = only.some((o) => part.file.includes(o));
  if (only.length ? !named : part.onlyWhenNamed) continue;
  console.log(`\n## ${part.title}`);
  if (!existsSync(new URL(part.file, import.meta.url))) {
    console.log(`  (not available: ${part.file} is missing)`);
    continue;
  }
  try {
    const lines = await part.run(await import(part.file));
    for (const line of lines) console.log(`  ${line}`);
  } catch (e) {
    failures++;
    console.log(`  FAILED: ${(e as Error)?.stack ?? e}`);
  }
}
process.exitCode = failures ? 1 : 0;
