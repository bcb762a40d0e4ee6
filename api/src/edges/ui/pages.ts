import { html } from './html.ts';
import { alerts, bytes, csrfField, layout, minute, ROLE_NAMES } from './layout.ts';
import type { PageUser } from './layout.ts';

/** The sign-in page, the dashboard and the error page of flows without a signed-in frame. */

export interface LoginPageProps {
  readonly providers: readonly { name: string; displayName: string }[];
  readonly next: string;
  readonly error?: string | undefined;
  readonly notice?: string | undefined;
  readonly username?: string | undefined;
}

export function loginPage(p: LoginPageProps): string {
  const nextQuery = p.next === '/ui/' ? '' : `?next=${encodeURIComponent(p.next)}`;
  return layout(
    'Sign in',
    html`<div class="card">
      <h1>Sign in to Plinth</h1>
      ${alerts(p)}
      ${
        p.providers.length
          ? html`<div class="providers">
                ${p.providers.map((pr) => html`<a class="button" href="/auth/oidc/${pr.name}/login/${nextQuery}">Sign in with ${pr.displayName}</a>`)}
              </div>
              <p class="muted">Or with a local account:</p>`
          : ''
      }
      <form method="post" action="/ui/login/">
        <input type="hidden" name="next" value="${p.next}" />
        <label for="username">Username</label>
        <input
          id="username"
          name="username"
          type="text"
          autocomplete="username"
          required
          maxlength="150"
          value="${p.username ?? ''}"
        />
        <label for="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
          maxlength="1024"
        />
        <button type="submit">Sign in</button>
      </form>
    </div>`,
  );
}

export interface DashboardProps {
  readonly user: PageUser & { fullName: string };
  readonly csrf: string;
  readonly provider: string | null;
  readonly memberships: readonly {
    id: string;
    organization: string;
    slug: string;
    role: string;
    source: string;
  }[];
  readonly workspaces: readonly { id: string; name: string; organization: string }[];
  readonly organizations: ReadonlyMap<string, string>;
  readonly regions: readonly {
    name: string;
    bucket_count: number;
    bytes: number;
    objects: number;
    usage_updated_at: string | null;
  }[];
}

/** `/ui/`: who I am, my organizations and workspaces, and bucket totals per region. */
export function dashboardPage(p: DashboardProps): string {
  return layout(
    'Dashboard',
    html`<div class="card">
        <h1>Welcome, ${p.user.fullName || p.user.username}</h1>
        <p>
          Signed in as
          <strong id="username">${p.user.username}</strong
          >${p.provider ? html` through <span id="provider">${p.provider}</span>` : ''}.
          ${p.user.superuser ? html`You are a <strong id="superuser">Super Admin</strong>.` : ''}
        </p>
      </div>
      <div class="card">
        <h2>Buckets per region</h2>
        ${
          p.regions.length
            ? html`<div class="scroll">
                <table id="regions">
                  <thead>
                    <tr>
                      <th scope="col">Region</th>
                      <th scope="col" class="num">Buckets</th>
                      <th scope="col" class="num">Occupancy</th>
                      <th scope="col" class="num">Objects</th>
                      <th scope="col">Measured</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${p.regions.map(
                      (r) =>
                        html`<tr data-region="${r.name}">
                          <td><a href="/ui/buckets/?region=${r.name}">${r.name}</a></td>
                          <td class="num" data-count="${r.bucket_count}">${r.bucket_count}</td>
                          <td class="num" data-bytes="${r.bytes}">${bytes(r.bytes)}</td>
                          <td class="num">${r.objects}</td>
                          <td>${minute(r.usage_updated_at, 'not yet')}</td>
                        </tr>`,
                    )}
                  </tbody>
                </table>
              </div>`
            : html`<p class="muted">No storage region is configured.</p>`
        }
      </div>
      <div class="card">
        <h2>Your organizations</h2>
        ${
          p.memberships.length
            ? html`<div class="scroll">
                <table id="memberships">
                  <thead>
                    <tr>
                      <th scope="col">Organization</th>
                      <th scope="col">Role</th>
                      <th scope="col">Granted by</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${p.memberships.map(
                      (m) =>
                        html`<tr data-slug="${m.slug}">
                          <td><a href="/ui/organizations/${m.id}/">${m.organization}</a></td>
                          <td data-role="${m.role}">${ROLE_NAMES[m.role] ?? m.role}</td>
                          <td>${m.source === 'idp' ? 'identity provider' : 'an administrator'}</td>
                        </tr>`,
                    )}
                  </tbody>
                </table>
              </div>`
            : html`<p id="no-memberships" class="muted">You are not a member of any organization yet.</p>`
        }
      </div>
      <div class="card">
        <h2>Your workspaces</h2>
        ${
          p.workspaces.length
            ? html`<ul id="workspaces" class="plain">
                ${p.workspaces.map(
                  (w) =>
                    html`<li>
                      <a href="/ui/workspaces/${w.id}/">${w.name}</a>
                      <span class="muted"
                        >in ${p.organizations.get(w.organization) ?? 'another organization'}</span
                      >
                    </li>`,
                )}
              </ul>`
            : html`<p class="muted">No workspaces yet.</p>`
        }
      </div>
      <div class="card">
        <h2>Sessions</h2>
        <p>Signing out everywhere ends this session and every other one of yours, in every browser.</p>
        <form method="post" action="/ui/account/sessions/revoke-all/">
          ${csrfField(p.csrf)}
          <button class="danger" type="submit">Sign out everywhere</button>
        </form>
      </div>`,
    { user: p.user, csrf: p.csrf, section: 'home' },
  );
}

export function errorPage(title: string, message: string): string {
  return layout(
    title,
    html`<div class="card">
      <h1>${title}</h1>
      <p class="error" role="alert">${message}</p>
      <p><a href="/ui/login/">Back to sign-in</a></p>
    </div>`,
  );
}
