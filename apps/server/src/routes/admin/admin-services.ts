/**
 * What the admin route files share, built once by the admin plugin (./index.ts). In a file of its
 * own so that the route files, which index.ts mounts, do not import index.ts back.
 */
import type { FastifyRequest } from 'fastify';
import type { ContentEditor } from '../../content/index.js';
import type { AdminSessions, Management } from '../../accounts/index.js';
import type { AppContext } from '../../lib/context.js';

export interface AdminServices {
  ctx: AppContext;
  sessions: AdminSessions;
  editor: ContentEditor;
  management: Management;
  /** Set-Cookie value of the session cookie (`maxAge` 0 deletes it). */
  sessionCookie(request: FastifyRequest, token: string, maxAge: number): string;
}
