import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sandboxedWorkerName } from '../../../src/worker/sandbox/sandboxProtocol.ts';

const dir = new URL('../../../src/worker/sandbox/', import.meta.url);
const html = readFileSync(new URL('sandbox.html', dir), 'utf8');
const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
const directives = new Map(
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter((d) => d[0])
    .map((d) => [d[0], d.slice(1)] as const),
);

describe('sandbox.html', () => {
  it('has one inline script and its CSP allows exactly that script by hash', () => {
    expect(scripts).toHaveLength(1);
    expect(scripts[0][1].trim()).toBe('');
    const hash = createHash('sha256').update(scripts[0][2]).digest('base64');
    expect(directives.get('script-src')).toEqual([`'sha256-${hash}'`, "'unsafe-eval'", 'blob:']);
  });

  it.each([
    ['default-src', ["'none'"]],
    ['connect-src', ["'none'"]],
    ['worker-src', ['blob:']],
    ['img-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ])('CSP %s is %j', (name, value) => {
    expect(directives.get(name)).toEqual(value);
  });

  it('the CSP comes before the script, so it applies to it', () => {
    expect(html.indexOf('Content-Security-Policy')).toBeGreaterThan(0);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
  });

  it('names the worker as node.worker.ts expects and speaks the page protocol', () => {
    expect(scripts[0][2]).toContain(`name: '${sandboxedWorkerName}'`);
    for (const type of [
      'sandbox-start',
      'sandbox-port',
      'sandbox-worker-ready',
      'sandbox-ready',
      'sandbox-error',
    ])
      expect(scripts[0][2]).toContain(`'${type}'`);
    expect(scripts[0][2]).toContain('e.source !== parent');
  });

  it('the page creates the iframe with allow-scripts only (no allow-same-origin)', () => {
    const page = readFileSync(new URL('startSandboxedWorker.ts', dir), 'utf8').replace(/\/\/.*$/gm, '');
    expect(page).toContain("iframe.setAttribute('sandbox', 'allow-scripts');");
    expect(page).not.toMatch(/allow-same-origin/);
  });
});
