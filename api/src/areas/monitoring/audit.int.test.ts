import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { agents, agentTokens, alertAcknowledgements } from '../../core/db/schema/index.ts';
import { failAuditFor } from '../../test/failing-audit.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import { fireAlert } from './testing.ts';

/**
 * Monitoring's security-relevant changes and their audit entries commit together: with the entry
 * refused, the request fails and nothing changed (no agent, no new token, no acknowledgement).
 */
describeOnEachDatabase('monitoring changes are never made unrecorded', (w, { database }) => {
  it('creates no agent, rotates no token and records no acknowledgement without its entry', async () => {
    const t = await w.tenant();
    const name = w.unique('unrecorded');
    let undo = await failAuditFor(database.db, 'agent.created');
    const refused = await w.call('POST', '/api/v1/agents/', {
      token: t.orgAdmin.token,
      body: { organization: t.org.id, name, location: 'eu-central' },
    });
    await undo();
    expect(refused.status).toBe(500);
    expect(await database.db.select().from(agents).where(eq(agents.name, name))).toEqual([]);

    const agent = await w.expectStatus(201, 'POST', '/api/v1/agents/', {
      token: t.orgAdmin.token,
      body: { organization: t.org.id, name, location: 'eu-central' },
    });
    undo = await failAuditFor(database.db, 'agent.token_rotated');
    const rotated = await w.call('POST', `/api/v1/agents/${agent.id}/rotate-token/`, {
      token: t.orgAdmin.token,
      body: { grace_seconds: 0 },
    });
    await undo();
    expect(rotated.status).toBe(500);
    const tokens = await database.db.select().from(agentTokens).where(eq(agentTokens.agentId, agent.id));
    expect(tokens.map((k) => k.expiresAt)).toEqual([null]); // the old one still works, alone
    await w.expectStatus(200, 'GET', '/api/v1/agent/endpoints/', { token: agent.token });

    const ep = await w.expectStatus(201, 'POST', '/api/v1/endpoints/', {
      token: t.user.token,
      body: {
        workspace: t.workspace.id,
        name: 'shop',
        kind: 'tcp',
        target: 'db.example.com:5432',
        alert: { failures: 1 },
      },
    });
    const alert = await fireAlert(w, agent.token, ep.id, t.user.token);
    undo = await failAuditFor(database.db, 'alert.acknowledged');
    const ack = await w.call('POST', `/api/v1/alerts/${alert}/acknowledge/`, {
      token: t.user.token,
      body: { comment: 'x' },
    });
    await undo();
    expect(ack.status).toBe(500);
    expect(
      await database.db.select().from(alertAcknowledgements).where(eq(alertAcknowledgements.alertId, alert)),
    ).toEqual([]);
  });
});
