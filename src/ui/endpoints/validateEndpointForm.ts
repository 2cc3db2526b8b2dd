import type { Endpoint } from '../../core/rpc/endpoint/endpoint.ts';
import {
  hasEmbeddedSecret,
  maskEndpoint,
  secretMask,
  validateEndpoint,
} from '../../core/rpc/endpoint/maskEndpoint.ts';

/** The endpoint form's text fields, in the order the form shows them. */
export type EndpointFormField = 'name' | 'url' | 'wsUrl' | 'user' | 'password';

/** The form's URL fields: typed hidden, each with a masked preview and a note line. */
export type EndpointUrlField = 'url' | 'wsUrl';

/**
 * What is wrong with a draft endpoint, one message per field (`{}` when it can be saved). The keys come in the order
 * the problems were found, so the form focuses the first one's field.
 */
export function validateEndpointForm(e: Endpoint): Partial<Record<EndpointFormField, string>> {
  const errors: Partial<Record<EndpointFormField, string>> = {};
  if (!e.name.trim()) errors.name = 'Give the endpoint a name';
  const url = validateEndpoint(e.url);
  if (!url.ok) errors.url = url.message;
  else if (!/^https?:$/.test(url.value.protocol))
    errors.url = 'The request URL must start with http:// or https://';
  if (e.wsUrl.trim()) {
    const ws = validateEndpoint(e.wsUrl);
    if (!ws.ok) errors.wsUrl = ws.message;
    else if (!/^wss?:$/.test(ws.value.protocol))
      errors.wsUrl = 'The WebSocket URL must start with ws:// or wss://';
  }
  const forgotten = 'The key was not remembered on this device: paste the full URL again';
  if (e.url.includes(secretMask)) errors.url = forgotten;
  if (e.wsUrl.includes(secretMask)) errors.wsUrl = forgotten;
  if (e.password && !e.user) errors.user = 'A password needs a user name';
  if (e.preferWs && !e.wsUrl.trim()) errors.wsUrl = 'Give a ws:// or wss:// URL to send over WebSocket';
  return errors;
}

/** The preview under a URL field: how the URL will be shown (masked), or that nothing in it is hidden. */
export function urlPreview(typed: string): string {
  const value = typed.trim();
  if (value === '') return '';
  if (hasEmbeddedSecret(value)) return `Shown as ${maskEndpoint(value)}`;
  // A URL already masked (a key that was not remembered) says so in its error line instead.
  return value.includes(secretMask) ? '' : 'Nothing in this URL looks like a key: it is shown as typed.';
}

/** The note under a URL field after `user:password@` was moved out of it; `moved` names what was moved. */
export function movedUserInfoNote(moved: readonly ('user' | 'password')[]): string {
  return (
    `The ${moved.join(' and ')} written in the URL moved into the basic-auth fields below ` +
    '(browsers do not send a URL that carries them, and they are secrets).'
  );
}
