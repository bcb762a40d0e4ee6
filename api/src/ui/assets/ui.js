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
      try {
        await navigator.clipboard.writeText(input.value);
      } catch {
        // No clipboard (plain HTTP, permissions): select it for the user's own Ctrl+C.
        input.select();
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

  // Live checks as the user types: the field's own constraints (pattern, length), its message
  // from data-hint, announced in the element named by aria-describedby.
  for (const input of document.querySelectorAll('input[data-live]')) {
    const out = document.getElementById(input.dataset.live);
    const check = () => {
      if (!out) return;
      const ok = input.value === '' || input.checkValidity();
      input.setAttribute('aria-invalid', ok ? 'false' : 'true');
      out.textContent = ok ? '' : input.dataset.hint || input.validationMessage;
    };
    input.addEventListener('input', check);
  }

  // Forms with data-busy: one submission only, with the button saying what is happening.
  for (const form of document.querySelectorAll('form[data-busy]')) {
    form.addEventListener('submit', (event) => {
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
