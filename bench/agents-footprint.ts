import type { Sql } from 'postgres';

/** The agent program's RSS and CPU while it carries 1,000 endpoints (filled in once agent/ lands). */
export async function agentFootprint(
  _apiUrl: string,
  _sql: Sql,
  _admin: { token: string; organization: string; workspace: string },
): Promise<{ line: string; ok: boolean | undefined; verdict: string }> {
  await Promise.resolve();
  return { line: 'not measured', ok: undefined, verdict: '' };
}
