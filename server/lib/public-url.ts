import type { FastifyRequest } from 'fastify';

/** The origin links in mails point to: PUBLIC_URL when configured, else the host the request came to. */
export function publicBase(request: FastifyRequest, configured?: string): string {
  return configured ?? `${request.protocol}://${request.host}`;
}
