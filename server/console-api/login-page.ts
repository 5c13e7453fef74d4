import { escapeHtml } from '../../contract/shared-helpers';

/** The command that prints a fresh one-time link through the running service. */
export const LINK_COMMAND = 'npm run console -- link';

/** Why the login page is shown. */
export type LoginPageState = 'sign-in' | 'link-used' | 'wrong-passphrase' | 'rate-limited';

export interface LoginPage {
  state: LoginPageState;
  /** a passphrase is set, so the page offers the form */
  hasPassphrase: boolean;
  /** for rate-limited: how long to wait */
  retryAfterSeconds?: number;
}

const HEADINGS: Record<LoginPageState, string> = {
  'sign-in': 'Sign in to the console',
  'link-used': 'This sign-in link no longer works',
  'wrong-passphrase': 'Sign in to the console',
  'rate-limited': 'Too many attempts',
};

const BRAND =
  '<p class="brand"><svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" ' +
  'd="M12 2 3 9l9 13 9-13-9-7Zm0 3.3L17.6 9H6.4L12 5.3Zm-1 5.7v7.2L6 11h5Zm2 0h5l-5 7.2V11Z"/></svg>TonTill console</p>';

function lead(page: LoginPage): string {
  if (page.state === 'link-used') {
    return '<p>Each link signs in once and only within 15 minutes of being made. This one was already used or has expired.</p>';
  }
  if (page.state === 'rate-limited') {
    const minutes = Math.max(1, Math.ceil((page.retryAfterSeconds ?? 60) / 60));
    return `<p role="alert" class="problem">Too many wrong passphrases from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or use a sign-in link.</p>`;
  }
  return page.hasPassphrase
    ? '<p>Enter the console passphrase set in Settings. Cashiers: your name too, as the owner entered it.</p>'
    : '<p>Sign in with a one-time link made by the service.</p>';
}

function form(page: LoginPage): string {
  if (!page.hasPassphrase || page.state === 'rate-limited') return '';
  const wrong = page.state === 'wrong-passphrase';
  return (
    '<form method="post" action="/console/login" class="signin">' +
    '<label for="name">Cashier name <span class="muted">(leave empty if you are the owner)</span></label>' +
    '<input id="name" name="name" type="text" autocomplete="username" maxlength="100">' +
    '<label for="passphrase">Passphrase</label>' +
    `<input id="passphrase" name="passphrase" type="password" autocomplete="current-password" required autofocus${wrong ? ' aria-invalid="true" aria-describedby="passphrase-error"' : ''}>` +
    (wrong
      ? '<p id="passphrase-error" class="problem" role="alert">That passphrase is not right. Check it and try again.</p>'
      : '') +
    '<button type="submit" class="btn primary">Sign in</button></form>'
  );
}

// A cashier cannot run the command on the owner's computer: they are told whom to ask, first.
const HOW_TO_LINK =
  '<h2>Get a new sign-in link</h2>' +
  '<p>Cashiers: ask the owner for a new sign-in link (the owner makes one in Settings → Cashiers).</p>' +
  '<p>Owner:</p><ol class="steps">' +
  `<li>On the computer that runs TonTill, run <code>${LINK_COMMAND}</code> (add <code>--data-dir DIR</code> if the service uses another data directory).</li>` +
  '<li>Open the link it prints within 15 minutes, in this browser.</li></ol>' +
  '<p class="muted">The desktop app signs in by itself. An owner can also set a passphrase in Settings to sign in from another browser.</p>';

/** The login page: the passphrase form when one is set, and always how to get a fresh link. */
export function renderLoginPage(page: LoginPage): string {
  const title = HEADINGS[page.state];
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow">' +
    `<link rel="icon" href="data:,"><title>${escapeHtml(title)} · TonTill</title><link rel="stylesheet" href="/console/login.css"></head>` +
    `<body><main class="card">${BRAND}<h1>${escapeHtml(title)}</h1>${lead(page)}${form(page)}${HOW_TO_LINK}</main></body></html>`
  );
}

/** The console's tokens (renderer/styles.css), light and dark by the system's preference: the page runs no script. */
export const LOGIN_CSS = `:root{--bg:#f6f7f9;--surface:#fff;--border:#e2e5ea;--text:#1b1f24;--muted:#5f6b7a;--accent:#2563eb;--accent-text:#fff;--focus:#2563eb;--bad:#b91c1c;--code:#f0f2f5;color-scheme:light}
@media (prefers-color-scheme:dark){:root{--bg:#0f1217;--surface:#171b22;--border:#2a303b;--text:#e6e9ee;--muted:#97a1af;--accent:#6ea0ff;--accent-text:#0b1220;--focus:#8db4ff;--bad:#f87171;--code:#1e232c;color-scheme:dark}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:16px;background:var(--bg);color:var(--text);font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.card{width:min(32rem,100%);background:var(--surface);border:1px solid var(--border);border-radius:14px;padding:28px 28px 24px;box-shadow:0 1px 3px rgba(16,24,40,.08)}
.brand{display:flex;align-items:center;gap:8px;margin:0 0 12px;font-weight:700;color:var(--muted)}
.brand svg{width:22px;height:22px;color:var(--accent)}
h1{font-size:1.35rem;line-height:1.3;margin:0 0 8px}
h2{font-size:1rem;margin:24px 0 6px;padding-top:18px;border-top:1px solid var(--border)}
code{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);padding:1px 5px;border-radius:5px;overflow-wrap:anywhere}
.muted{color:var(--muted)}
.steps{padding-left:1.3em;margin:6px 0}
.steps li{margin:4px 0}
.problem{color:var(--bad);font-weight:600}
.signin{display:grid;gap:8px;margin-top:12px}
label{font-weight:600}
input{font:inherit;color:var(--text);background:var(--surface);border:1px solid var(--muted);border-radius:8px;padding:10px 12px;min-height:44px}
input[aria-invalid=true]{border-color:var(--bad)}
.btn{font:inherit;font-weight:600;min-height:44px;border-radius:8px;border:1px solid var(--accent);background:var(--accent);color:var(--accent-text);cursor:pointer;padding:10px 14px}
:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
`;
