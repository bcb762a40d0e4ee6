import { html } from '../../ui/html.ts';
import { alerts } from '../../ui/fields.ts';
import { layout } from '../../ui/layout.ts';

/** The sign-in page: the providers' buttons and the local form. */

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
      <form method="post" action="/ui/login/" novalidate>
        <input type="hidden" name="next" value="${p.next}" />
        <label for="username">Username</label>
        <input
          id="username"
          name="username"
          type="text"
          autocomplete="username"
          aria-required="true"
          maxlength="150"
          value="${p.username ?? ''}"
        />
        <label for="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          aria-required="true"
          maxlength="1024"
        />
        <button type="submit">Sign in</button>
      </form>
    </div>`,
  );
}
