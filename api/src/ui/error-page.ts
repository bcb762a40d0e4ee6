import type { DomainError } from '../core/errors.ts';
import { STATUS_OF } from '../http/errors.ts';
import { html } from './html.ts';
import { layout } from './layout.ts';
import type { Frame } from './layout.ts';

/** The error pages: of a flow without a signed-in frame, and of a service's refusal on a page. */

/** An error of sign-in and the browser's own checks (no session to frame it): back to sign-in. */
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

/** A service's refusal (DomainError) on a signed-in page: the API's own message and status. */
export function notPossiblePage(err: DomainError, frame: Frame): { body: string; status: 400 } {
  return {
    body: layout(
      'Not possible',
      html`<div class="card">
        <h1>${err.kind === 'not_found' ? 'Not found' : 'Not possible'}</h1>
        <p class="error" role="alert">${err.message}</p>
        <p><a href="/ui/">Back to the dashboard</a></p>
      </div>`,
      frame,
    ),
    status: STATUS_OF[err.kind] as 400,
  };
}
