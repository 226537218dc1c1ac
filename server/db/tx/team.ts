// Writes to the team collection: members change only in ways the server allows, and a
// workspace always keeps an active member who manages the team.
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { LAST_MANAGER_MESSAGE } from '../../../lib/domain/team';
import { ROLES, type Entity, type TeamMember } from '../../../lib/domain/types';
import { describeIssues } from '../../validation';
import { permissionColumns } from '../records';
import * as t from '../schema';
import { positionsFor, recordDeletions } from './rows';
import { TxRejected } from './errors';
import type { Pending, Staged } from './staged';

export async function commitTeam(s: Staged, pending: Map<string, Pending>, next: number) {
  const { tx, workspaceId, options, meta } = s;
  const puts = [...pending].filter((entry): entry is [string, Pending & { kind: 'put' }] => entry[1].kind === 'put');
  const positions = await positionsFor(s, 'team', puts);
  for (const [id, change] of puts) {
    const record = checkTeamRecord(change.record);
    const [existing] = await tx
      .select()
      .from(t.members)
      .where(and(eq(t.members.workspaceId, workspaceId), eq(t.members.id, id)))
      .for('update');
    if (existing) {
      // Email and status belong to the account and the invitation: a team edit changes
      // name, role and permission flags only.
      if (existing.email.toLowerCase() !== record.email.toLowerCase() || existing.status !== record.status)
        throw new TxRejected("A member's email and status change only through an invitation");
      await tx
        .update(t.members)
        .set({ name: record.name, role: record.role, ...permissionColumns(record.permissions), version: next })
        .where(and(eq(t.members.workspaceId, workspaceId), eq(t.members.id, id)));
    } else if (options.allowMemberInsert && record.status === 'Pending') {
      await tx.insert(t.members).values({
        workspaceId,
        id,
        userId: null,
        name: record.name,
        email: record.email,
        role: record.role,
        status: 'Pending',
        ...permissionColumns(record.permissions),
        version: next,
        position: positions.get(id) ?? 0,
        createdAt: new Date(meta.now),
      });
    } else throw new TxRejected('New members join through an invitation');
  }
  const deletes = [...pending].filter(([, change]) => change.kind === 'delete').map(([id]) => id);
  if (deletes.length) {
    // Their sessions, invitations and setup links go with them (foreign keys, ON DELETE CASCADE);
    // the sessions are remembered first, so those browsers learn they were removed.
    const removedAt = options.clock?.() ?? new Date(meta.now);
    await tx
      .insert(t.removedSessions)
      .select(
        tx
          .select({ tokenHash: t.sessions.tokenHash, workspaceId: t.sessions.workspaceId, removedAt: sql<Date>`${removedAt.toISOString()}::timestamptz`.as('removed_at') })
          .from(t.sessions)
          .where(and(eq(t.sessions.workspaceId, workspaceId), inArray(t.sessions.memberId, deletes))),
      )
      .onConflictDoNothing();
    const gone = await tx
      .delete(t.members)
      .where(and(eq(t.members.workspaceId, workspaceId), inArray(t.members.id, deletes)))
      .returning({ id: t.members.id });
    await recordDeletions(s, 'team', gone.map((row) => row.id), next);
  }
  const [manager] = await tx
    .select({ id: t.members.id })
    .from(t.members)
    .where(and(eq(t.members.workspaceId, workspaceId), eq(t.members.status, 'Active'), eq(t.members.manageTeam, true)))
    .limit(1);
  if (!manager) throw new TxRejected(LAST_MANAGER_MESSAGE);
}

const teamRecord = v.object({
  id: v.string(),
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('A member needs a name')),
  email: v.string(),
  role: v.picklist(ROLES),
  status: v.picklist(['Active', 'Pending'] as const),
  permissions: v.object({ editAutomations: v.boolean(), sendOutreach: v.boolean(), manageTeam: v.boolean(), viewAnalytics: v.boolean() }),
});

function checkTeamRecord(record: Entity): TeamMember {
  const parsed = v.safeParse(teamRecord, record);
  if (!parsed.success) throw new TxRejected(`Invalid team member: ${describeIssues(parsed.issues).message}`);
  return parsed.output;
}
