// The web UI's one script: progressive enhancement of server-rendered pages, which all work
// without it. Served from the API's own origin (CSP script-src 'self'); no inline script anywhere.
'use strict';

document.addEventListener('DOMContentLoaded', () => {
  // A phone's navigation scrolls sideways: bring the current section's entry into view.
  const current = document.querySelector('header nav [aria-current]');
  const row = current?.parentElement;
  if (row && row.scrollWidth > row.clientWidth)
    row.scrollLeft = current.offsetLeft - row.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;

  // The account menu closes on Escape and on a click elsewhere (without script: on its summary).
  const menu = document.querySelector('header details.account');
  if (menu) {
    document.addEventListener('click', (e) => {
      if (menu.open && !menu.contains(e.target)) menu.open = false;
    });
    menu.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && menu.open) {
        menu.open = false;
        menu.querySelector('summary').focus();
      }
    });
  }

  // Copy buttons: [data-copy="<input id>"] copies that field's value.
  for (const button of document.querySelectorAll('button[data-copy]')) {
    button.hidden = false;
    button.addEventListener('click', async () => {
      const input = document.getElementById(button.dataset.copy);
      if (!input) return;
      // A field's value, or the text of an element (an ID, a snippet: <code>, <pre>).
      const field = 'value' in input;
      try {
        await navigator.clipboard.writeText(field ? input.value : input.textContent);
      } catch {
        // No clipboard (plain HTTP, permissions): select it for the user's own Ctrl+C.
        if (field) input.select();
        else window.getSelection().selectAllChildren(input);
        document.execCommand('copy');
      }
      const panel = button.closest('[data-show-once]');
      if (panel) panel.dataset.copied = 'true';
      const label = button.firstChild;
      label.textContent = 'Copied';
      setTimeout(() => (label.textContent = 'Copy'), 2000);
    });
  }

  // A secret shown once: warn before leaving the page if nothing was copied (or downloaded).
  const once = document.querySelector('[data-show-once]');
  if (once) {
    for (const el of once.querySelectorAll('input[readonly]'))
      el.addEventListener('copy', () => (once.dataset.copied = 'true'));
    for (const el of once.querySelectorAll('a[download]'))
      el.addEventListener('click', () => (once.dataset.copied = 'true'));
    const unsaved = () => once.dataset.copied !== 'true';
    window.addEventListener('beforeunload', (event) => {
      if (unsaved()) event.preventDefault();
    });
    for (const link of once.querySelectorAll('a[data-leave]'))
      link.addEventListener('click', (event) => {
        if (
          unsaved() &&
          !window.confirm('You have not copied the secret. It cannot be shown again. Leave anyway?')
        )
          event.preventDefault();
        else once.dataset.copied = 'true';
      });
  }

  // Revealed secrets hide again after a while: [data-autohide="<seconds>"].
  for (const panel of document.querySelectorAll('[data-autohide]')) {
    const seconds = Number(panel.dataset.autohide) || 60;
    const countdown = panel.querySelector('[data-countdown]');
    let left = seconds;
    const timer = setInterval(() => {
      left -= 1;
      if (countdown) countdown.textContent = String(left);
      if (left > 0) return;
      clearInterval(timer);
      for (const el of panel.querySelectorAll('[data-secret]')) el.remove();
      const hidden = panel.querySelector('[data-hidden-note]');
      if (hidden) hidden.hidden = false;
    }, 1000);
  }

  // --- Field rules (issue 33) ---
  // A field's rules (data-rules: [{pattern, message}], in the API's order of checks): as the user
  // types and on submit, only the first rule broken is said, in the element data-live names, and
  // the field is marked aria-invalid. The form has novalidate: no browser bubble on top of it.
  // A checkbox's value is `on` when checked, '' when not (a box that must be checked: `.+`).
  const valueOf = (input) => (input.type === 'checkbox' ? (input.checked ? 'on' : '') : input.value);
  const brokenRule = (input) => {
    for (const rule of JSON.parse(input.dataset.rules || '[]'))
      if (!new RegExp(`^(?:${rule.pattern})$`, 'v').test(valueOf(input))) return rule.message;
    return '';
  };
  const showRule = (input, message) => {
    const out = document.getElementById(input.dataset.live);
    if (out) out.textContent = message;
    input.setAttribute('aria-invalid', message ? 'true' : 'false');
    // The server's message for the value it was sent is stale once the user types.
    const stale = document.getElementById(`${input.id}-error`);
    if (stale) stale.hidden = true;
  };
  // While typing, an empty field is not yet wrong (submitting says so); a box is, once unchecked.
  for (const input of document.querySelectorAll('[data-rules]'))
    input.addEventListener('input', () =>
      showRule(input, input.type !== 'checkbox' && input.value === '' ? '' : brokenRule(input)),
    );
  for (const form of document.querySelectorAll('form')) {
    const fields = [...form.querySelectorAll('[data-rules]')];
    if (!fields.length) continue;
    form.addEventListener('submit', (event) => {
      let first = null;
      for (const input of fields) {
        const message = brokenRule(input);
        showRule(input, message);
        if (message && !first) first = input;
      }
      if (!first) return;
      event.preventDefault();
      first.focus();
    });
  }

  // A checkbox some choices of a select do not allow (data-unavailable-with="<select id>",
  // data-unavailable-for='["value", …]'): disabled and cleared while one of them is chosen.
  for (const box of document.querySelectorAll('input[data-unavailable-with]')) {
    const select = document.getElementById(box.dataset.unavailableWith);
    const values = JSON.parse(box.dataset.unavailableFor || '[]');
    if (!select) continue;
    const sync = () => {
      box.disabled = values.includes(select.value);
      if (box.disabled) box.checked = false;
    };
    select.addEventListener('change', sync);
    sync();
  }
  // --- end of field rules ---

  // Forms with data-busy: one submission only, with the button saying what is happening.
  for (const form of document.querySelectorAll('form[data-busy]')) {
    form.addEventListener('submit', (event) => {
      if (event.defaultPrevented) return; // refused by a field rule above: not sent
      if (form.dataset.sent) {
        event.preventDefault();
        return;
      }
      form.dataset.sent = 'true';
      form.setAttribute('aria-busy', 'true');
      const button = form.querySelector('button[type="submit"]');
      if (button) {
        button.disabled = true;
        button.textContent = form.dataset.busy;
      }
      const status = form.querySelector('[data-progress]');
      if (status) status.hidden = false;
    });
  }
});
