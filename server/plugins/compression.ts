import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * JSON answers only: file downloads (attachments, whatever their type) are sent as stored, with
 * their exact Content-Length, and the built app's files are compressed once at build time
 * (vite.config.ts `precompress`) and served by @fastify/static's `preCompressed`.
 */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:;|$)/i;

/**
 * Compresses the API's JSON answers of 1 KB and more (brotli or gzip, as the client accepts);
 * smaller ones cost more to compress than they save. Registered inside the /api scope, before its
 * routes. Request bodies are never inflated: uploads arrive as the client sent them.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: JSON_TYPE,
    globalDecompression: false,
  });
});
