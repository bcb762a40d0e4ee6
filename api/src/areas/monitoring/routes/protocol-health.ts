import { forbidden } from '../../../core/errors.ts';
import { jsonBody, jsonResponse } from '../../../http/common.ts';
import { unlessUnparsed } from '../../../http/endpoint.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { textBodyEndpoint } from '../../area.ts';
import { task as health } from '../health-task.ts';
import { HealthAnswerSchema, HealthReportSchema } from '../schema/protocol.ts';

/** POST /api/v1/agent/health/: parsed, validated and recorded by a thread task (health-task.ts). */
export default textBodyEndpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/agent/health/',
    tags: ['monitoring'],
    agent: true,
    summary: "An agent's health report",
    description:
      'For monitoring agents: status, version, uptime and counters. `check_results` sent with it are stored as ' +
      '`POST /api/v1/agent/results/` would. Never creates an agent: the token names it.',
    request: { body: jsonBody(HealthReportSchema) },
    responses: { 201: jsonResponse('Recorded.', HealthAnswerSchema) },
  }),
  (deps) => async (c, body) => {
    const agent = c.get('agent');
    // Its embedded results make it a batch: it takes a slot of the agent's and its organization's.
    const reply = unlessUnparsed(
      await deps.offload.run(
        health,
        { agent, body },
        { key: agent.agentId, tenant: agent.organizationId, bytes: body.length },
      ),
    );
    if ('mismatch' in reply)
      throw forbidden('reported_agent_id names another agent than the token’s.', 'agent_mismatch');
    return c.json(reply.answer, 201);
  },
);
