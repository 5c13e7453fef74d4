/**
 * The sandbox wallet's pages, server-rendered with no script: "Connect to <app>?" with the account to
 * connect as, then the session with the app's requests to approve or reject. The styles are one
 * inline block allowed by its hash, so the policy is otherwise `default-src 'none'`.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../../contract/shared-helpers';
import type { SandboxAccountName, WalletSession } from '../sandbox/sandbox-tonconnect-wallet';

const CSS = `
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--text:#1f2933;--muted:#5f6b7a;--line:#d9dee5;--accent:#0b6bcb;--accent-text:#fff;--ok:#1d7a46;--bad:#b3261e}
@media (prefers-color-scheme:dark){:root{--bg:#12161c;--card:#1b2129;--text:#e6e9ee;--muted:#a3adba;--line:#2e3742;--accent:#5aa9f5;--accent-text:#0b1520;--ok:#5fd08f;--bad:#ff8a80}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--text)}
main{max-width:34rem;margin:0 auto;padding:2rem 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.25rem 1.5rem;margin-bottom:1rem}
.badge{display:inline-block;font-size:.75rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:var(--muted)}
h1{font-size:1.5rem;margin:.25rem 0 1rem}h2{font-size:1.1rem;margin:0 0 .75rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:0 0 1rem}dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
fieldset{border:0;padding:0;margin:0 0 1rem}legend{font-weight:600;margin-bottom:.5rem}
label.choice{display:flex;gap:.6rem;align-items:flex-start;padding:.6rem .75rem;border:1px solid var(--line);border-radius:8px;margin-bottom:.5rem;cursor:pointer}
label.choice small{display:block;color:var(--muted);overflow-wrap:anywhere}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
button{font:inherit;font-weight:600;padding:.6rem 1.2rem;border-radius:8px;border:1px solid var(--line);background:transparent;color:var(--text);cursor:pointer;min-height:44px}
button.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-text)}
button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.muted{color:var(--muted)}.sent{color:var(--ok)}.failed,.rejected{color:var(--bad)}
ul.plain{list-style:none;padding:0;margin:0}ul.plain li{padding:.4rem 0;border-top:1px solid var(--line);overflow-wrap:anywhere}
`;

export const WALLET_PAGE_CSP =
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(CSS).digest('base64')}'; ` +
  "img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function page(title: string, body: string, refresh = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="2">' : ''}<title>${escapeHtml(title)} · Sandbox wallet</title><style>${CSS}</style></head>
<body><main><span class="badge">Sandbox wallet · test money only</span>${body}</main></body></html>`;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

export interface ConnectPageInput {
  appName: string;
  appUrl: string;
  link: { v: string; id: string; r: string };
  accounts: { name: SandboxAccountName; label: string; address: string }[];
  chosen: SandboxAccountName;
  asksProof: boolean;
}

export function connectPage(input: ConnectPageInput): string {
  const choices = input.accounts
    .map(
      (a) =>
        `<label class="choice"><input type="radio" name="account" value="${a.name}"${a.name === input.chosen ? ' checked' : ''}>` +
        `<span>${escapeHtml(a.label)}<small>${escapeHtml(a.address)}</small></span></label>`,
    )
    .join('');
  return page(
    `Connect to ${input.appName}?`,
    `<h1>Connect to ${escapeHtml(input.appName)}?</h1>
<div class="card"><dl><dt>App</dt><dd>${escapeHtml(input.appName)}</dd><dt>Address</dt><dd>${escapeHtml(input.appUrl)}</dd>
<dt>It asks for</dt><dd>your address${input.asksProof ? ', and proof that you hold its key' : ''}</dd></dl>
<form method="post" action="/sandbox-wallet/connect">${hidden('v', input.link.v)}${hidden('id', input.link.id)}${hidden('r', input.link.r)}
<fieldset><legend>Connect as</legend>${choices}</fieldset>
<div class="actions"><button class="primary" name="decision" value="approve">Approve</button><button name="decision" value="decline">Decline</button></div></form></div>`,
  );
}

function requestCard(sessionId: string, request: WalletSession['pending'][number]): string {
  const rows = request.messages
    .map((m) =>
      m.jettonTransfer
        ? `<dl><dt>Amount</dt><dd>${escapeHtml(m.jettonTransfer.amount)} USDT</dd><dt>To</dt><dd>${escapeHtml(m.jettonTransfer.destination)}</dd>
<dt>Comment</dt><dd>${m.jettonTransfer.comment === null ? '<span class="muted">none</span>' : escapeHtml(m.jettonTransfer.comment)}</dd>
<dt>Network fee</dt><dd>up to ${escapeHtml(m.ton)} TON, the rest comes back</dd><dt>Via</dt><dd>${escapeHtml(m.to)}</dd></dl>`
        : `<dl><dt>Amount</dt><dd>${escapeHtml(m.ton)} TON</dd><dt>To</dt><dd>${escapeHtml(m.to)}</dd></dl>`,
    )
    .join('');
  const action = `/sandbox-wallet/session/${sessionId}/requests/${encodeURIComponent(request.id)}`;
  return `<div class="card"><h2>Send this?</h2>${rows}<form method="post" action="${escapeHtml(action)}"><div class="actions">
<button class="primary" name="decision" value="approve">Approve</button><button name="decision" value="reject">Reject</button></div></form></div>`;
}

const OUTCOME: Record<WalletSession['answered'][number]['outcome'], string> = {
  sent: 'Sent',
  rejected: 'Rejected',
  failed: 'Failed',
};

export function sessionPage(session: WalletSession, accountLabel: string): string {
  const pending = session.pending.map((r) => requestCard(session.id, r)).join('');
  const answered = session.answered
    .map((a) => {
      const parts = [a.summary, a.outcome === 'failed' ? a.detail : ''].filter((part) => part !== '');
      return `<li><span class="${a.outcome}">${OUTCOME[a.outcome]}</span>${parts.map((part) => ` · ${escapeHtml(part)}`).join('')}</li>`;
    })
    .join('');
  const status = session.connected
    ? pending === ''
      ? '<p class="muted" role="status">Waiting for requests from the app…</p>'
      : ''
    : '<p role="status">Disconnected. You can close this tab.</p>';
  return page(
    session.connected ? `Connected to ${session.app.name}` : 'Disconnected',
    `<h1>${session.connected ? 'Connected to' : 'Was connected to'} ${escapeHtml(session.app.name)}</h1>
<div class="card"><dl><dt>Account</dt><dd>${escapeHtml(accountLabel)}</dd><dt>Address</dt><dd>${escapeHtml(session.address.toString({ testOnly: true, bounceable: false }))}</dd></dl>
${session.connected ? `<form method="post" action="/sandbox-wallet/session/${session.id}/disconnect"><button>Disconnect</button></form>` : ''}</div>
${status}${pending}${answered ? `<div class="card"><h2>Answered</h2><ul class="plain">${answered}</ul></div>` : ''}`,
    // refreshes itself to show the app's next request; not while one waits, so the buttons stay put under a finger
    session.connected && session.pending.length === 0,
  );
}

export function messagePage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><div class="card"><p>${escapeHtml(text)}</p></div>`);
}
