import type { Plugin } from 'vite';

/** The two imports of classic zod's schemas module that bring its JSON Schema converters (zod 4.6). */
const PROCESSORS_IMPORT = 'import * as processors from "../core/json-schema-processors.js";';
const METHODS_IMPORT = 'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";';

/**
 * Issue 32: classic zod's schemas carry a JSON Schema converter each (`toJSONSchema()`, the Standard
 * Schema's `jsonSchema`): 4.7 KB brotli on every screen that validates with classic zod, which the
 * browser never calls (the app's schemas become JSON Schema nowhere; the server runs zod from
 * node_modules, untouched by this build). In the app's build only, the converters answer with an
 * error that says where JSON Schema is made; `aggregateChecks` stays real, since classic zod's
 * `minLength`, `format` and similar getters read it. If zod's module no longer has these exact
 * imports (an upgrade), the build fails here instead of shipping a half-applied change.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/ },
      handler(code) {
        if (!code.includes(PROCESSORS_IMPORT) || !code.includes(METHODS_IMPORT)) {
          this.error(
            'zod-without-json-schema: classic zod no longer imports its JSON Schema converters as expected; review this plugin for the new zod.',
          );
        }
        return code
          .replace(
            PROCESSORS_IMPORT,
            [
              'import { aggregateChecks } from "../core/json-schema-processors.js";',
              'const jsonSchemaNotInBrowser = () => { throw new Error("JSON Schema is not generated in the browser build"); };',
              'const processors = new Proxy({ aggregateChecks }, { get: (target, key) => target[key] ?? jsonSchemaNotInBrowser });',
            ].join('\n'),
          )
          .replace(
            METHODS_IMPORT,
            'const createStandardJSONSchemaMethod = () => jsonSchemaNotInBrowser;\nconst createToJSONSchemaMethod = () => jsonSchemaNotInBrowser;',
          );
      },
    },
  };
}
