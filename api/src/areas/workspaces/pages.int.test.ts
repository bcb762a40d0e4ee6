import { expect, it } from 'vitest';
import { UI_SUITE, uiClient } from '../../test/ui-client.ts';
import { describeOnEachDatabase } from '../../test/world.ts';

/** The workspace page shows what the operator needs: the IDs its namespace annotations name. */
describeOnEachDatabase('what the workspace page shows for the operator', UI_SUITE, (w) => {
  const { signedIn } = uiClient(() => w);

  it('shows the organization and workspace IDs with copy buttons, and the annotation ready to use', async () => {
    const t = await w.tenant();
    for (const actor of [t.viewer, t.orgAdmin]) {
      const s = await signedIn(actor);
      const page = (await s.get(`/ui/workspaces/${t.workspace.id}/`)).text;
      // Selectable text without script; the copy button (shown by ui.js) copies the element's text.
      expect(page).toMatch(new RegExp(`<code id="organization-id">${t.org.id}</code>`));
      expect(page).toMatch(new RegExp(`<code id="workspace-id">${t.workspace.id}</code>`));
      expect(page).toMatch(/<button type="button" class="secondary" data-copy="organization-id" hidden>/);
      expect(page).toMatch(/<button type="button" class="secondary" data-copy="workspace-id" hidden>/);
      const snippet = /<pre id="annotate">([^<]*)<\/pre>/.exec(page)?.[1] ?? '';
      expect(snippet.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ')).toBe(
        `kubectl annotate namespace <namespace> plinth.dev/organization=${t.org.id} plinth.dev/workspace=${t.workspace.id}`,
      );
      expect(page).toContain('data-copy="annotate"');
      const yaml = /<pre id="annotations-yaml">([^<]*)<\/pre>/.exec(page)?.[1] ?? '';
      expect(yaml).toContain(`plinth.dev/organization: ${t.org.id}`);
      expect(yaml).toContain(`plinth.dev/workspace: ${t.workspace.id}`);
    }
  });
});
