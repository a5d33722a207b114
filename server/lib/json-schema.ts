/**
 * A JSON schema (OpenAPI 3.0 subset) as the OpenAPI document holds it: what a feature writes by hand
 * for a body the zod schemas do not describe (a multipart form). Here, not in server/plugins/openapi.ts
 * which reads it, because features import server/lib and never a plugin.
 */
export type JsonSchema = { [key: string]: unknown };
