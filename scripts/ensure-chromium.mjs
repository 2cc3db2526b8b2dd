// Kept for `npm run test:e2e`: the browser tests need Chromium (and the proxy tests nginx).
import './ensure-system-packages.mjs';
