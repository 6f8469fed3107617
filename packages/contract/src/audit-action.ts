import type { api } from './api.ts';
import type { AUDIT_ACTIONS } from './audit.ts';

type Api = typeof api;
/** The actions endpoint declarations name (`audit: 'area.verb'`). */
type DeclaredAuditAction = {
  [Group in keyof Api]: { [Operation in keyof Api[Group]]: Api[Group][Operation] extends { audit: infer Action extends string } ? Action : never }[keyof Api[Group]];
}[keyof Api];

/** Every action an audit event can record: the listed ones and those the endpoint declarations name. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number] | DeclaredAuditAction;
