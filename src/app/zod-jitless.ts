import { config } from 'zod/v4/core';

// The app runs under the server's CSP, script-src 'self' without 'unsafe-eval': zod's compiled
// parsers (new Function) could never run here, and zod's probe for them is reported by the browser
// as a CSP violation (Lighthouse's best practices read it). Imported first by main.tsx: the probe
// runs when the first object schema is built, so this must come before any schema module.
config({ jitless: true });
