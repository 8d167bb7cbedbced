/**
 * What `import … from "zod"` resolves to in the browser build (see vite.config.ts).
 *
 * Zod 4 compiles a fast parser for each object schema with `new Function`, and to find out whether
 * it may, it tries `new Function("")` once. Under our CSP (no 'unsafe-eval') that attempt throws —
 * Zod catches it — but the browser still reports a CSP violation, which Lighthouse lists as an
 * inspector issue (Best Practices 96 on every page using a form schema). `jitless` skips both the
 * probe and the compiler. It must be set before the first `z.object(...)` runs, i.e. before any
 * schema module's body: this module's body runs before the bodies of the modules importing it.
 */
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4";
export { z as default, z } from "zod/v4";
