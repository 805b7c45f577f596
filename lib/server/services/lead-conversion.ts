import type { Db } from '@/db';
import { lockRow, updateRow } from '@/db/queries/tenant';
import { leads } from '@/db/schema';
import { pipelineRelations, referenceIdsOf } from '@/db/queries/to-one-relations';
import { findProjectByLead } from '@/db/queries/projects';
import { address } from '@/lib/server/serializers/common';
import type { ProjectResponse } from '@/lib/shared/validation/projects';
import { recordEvent } from './common';
import { createProject } from './projects';
import { conflict, notFound } from '@/lib/server/services/errors';
import type { CallerContext } from '@/lib/server/services/context';

/**
 * Turns a lead into a project in the account's first open stage, carrying everything the two
 * share, and archives the lead — one transaction, two events (project.create, lead.update).
 */
export async function convertLead(db: Db, ctx: CallerContext, leadId: number): Promise<ProjectResponse> {
  return db.transaction(async (tx) => {
    const lead = await lockRow(tx, leads, ctx.accountId, leadId);
    if (!lead) throw notFound('Lead');
    const existing = await findProjectByLead(tx, ctx.accountId, leadId);
    if (existing) {
      // Which project, only to those who see every project (a team-limited caller may not see it).
      if (ctx.access.projectAccess !== 'all') throw conflict('This lead was already converted to a project.');
      throw conflict(`This lead was already converted to project ${existing.id}.`, { project_id: [String(existing.id)] });
    }

    const project = await createProject(
      tx,
      ctx,
      {
        name: lead.name,
        description: lead.description,
        square_feet: lead.squareFeet,
        units: lead.units,
        start_date: lead.estimatedStartDate,
        work_scope: lead.workScope,
        address: address(lead),
        ...referenceIdsOf(pipelineRelations, lead),
      },
      // Cents carried as they are, not through the dollars field.
      { leadId: lead.id, amountInCents: lead.valueInCents },
    );
    if (!lead.archivedAt) {
      await updateRow(tx, leads, ctx.accountId, leadId, { archivedAt: new Date(), archivedById: ctx.userId });
      await recordEvent(tx, ctx, {
        resource: 'lead',
        action: 'update',
        id: leadId,
        path: `leads/${leadId}`,
        changed: { archivedAt: true, archivedById: true },
      });
    }
    return project;
  });
}
