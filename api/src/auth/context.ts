import type { AuditLog } from '../core/audit/writer.ts';
import type { Database } from '../core/db/client.ts';
import type { Logger } from '../core/logger.ts';
import type { Principal } from './policy.ts';

/** What services need to know about the request (for the audit log). */
export interface RequestInfo {
  readonly ip: string | null;
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  /** Kept with a browser session, so its owner can tell sessions apart. */
  readonly userAgent?: string | null;
}

/** What a service acts with, made once per request (routes: from the Hono context and the areas' deps; the web UI: from its page context). */
export interface ServiceContext {
  readonly db: Database;
  readonly audit: AuditLog;
  readonly logger: Logger;
  readonly principal: Principal;
  readonly req: RequestInfo;
}

/** The process's shared parts a `ServiceContext` is made of, besides the request's own. */
export type ServiceDeps = Pick<ServiceContext, 'db' | 'audit' | 'logger'>;
