import type { Plugin } from 'vite';
import { forwardPath } from '../core/rpc/endpoint/endpoint.ts';
import { type ForwardMiddlewareOptions, createForwardMiddleware } from './createForwardMiddleware.ts';

/**
 * Vite plugin: mounts the local forwarding route ({@link createForwardMiddleware}) at `/__forward` on the dev and
 * preview servers (never in a production build). The page uses it only when its user ticks "forward through the
 * local dev server" for an endpoint without CORS.
 */
export function forwardPlugin(options: ForwardMiddlewareOptions = {}): Plugin {
  return {
    name: 'tracer-forward-route',
    configureServer(server) {
      server.middlewares.use(forwardPath, createForwardMiddleware(options));
    },
    configurePreviewServer(server) {
      server.middlewares.use(forwardPath, createForwardMiddleware(options));
    },
  };
}
