import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { CopyButton } from '../../components/CopyButton';
import { Empty, Spinner } from '../../components/Empty';
import { PageHeader } from '../../components/PageHeader';
import { useWidgetPreviewEvents } from './useWidgetPreviewEvents';
import { formatTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectChainMode } from '../dashboard/slice';
import {
  BUTTON_COLORS,
  BUTTON_SIZES,
  selectIsWidgetLoading,
  selectWidgetActions,
  selectWidgetEvents,
  selectWidgetFrameHeight,
  selectWidgetOptions,
  selectWidgetSession,
  type ButtonColor,
  type ButtonSize,
  type WidgetOptions,
} from './slice';
import { WIDGET_MODES } from '../../../contract/widget';

const HEIGHTS = ['420px', '520px', '640px', '75vh'];

export function previewSnippets(o: WidgetOptions, service: string, signature: string) {
  const [width, height] = BUTTON_SIZES[o.size];
  const button =
    o.mode === 'small-widgets' ? `,\n    button: { color: '${o.color}', width: '${width}', height: '${height}' }` : '';
  const csp = `<meta http-equiv="Content-Security-Policy" content="frame-src 'self' ${service}">`;
  const html = `${csp}
<script src="${service}/widgets/index-latest.js"></script>
<div id="pay" signature="${signature}" style="height:${o.height}"></div>
<script>
  ServiceWidget.init({
    container: '#pay',
    mode: '${o.mode}'${button},
    onEvent: (e) => console.log(e.type, e.status),
    onPaid: (e) => showThanks(e.paymentId),
  });
</script>`;
  const curl = `curl -X POST ${service}/invoice/widgets \\
  -H "x-api-key: $TONTILL_API_KEY" \\
  -H "content-type: application/json" \\
  -d '{"currency":"USDT","mainCurrency":"TON","amount":"${o.amount}","externalId":"order-1042","allowedOrigins":["https://shop.example"]}'
# -> { "signature": "v1.…", "paymentId": "pay_…", … }: put the signature on the container`;
  return { csp, html, curl };
}

function Options() {
  const o = useConsoleStore(selectWidgetOptions);
  const { setWidgetOptions, newWidgetSession } = useConsoleStore(useShallow(selectWidgetActions));
  const isLoading = useConsoleStore(selectIsWidgetLoading);
  return (
    <section className="card form" aria-labelledby="wopts">
      <h2 id="wopts">Options</h2>
      <fieldset>
        <legend>Mode</legend>
        <div className="segmented">
          {WIDGET_MODES.map((m) => (
            <label key={m} className={o.mode === m ? 'is-on' : ''}>
              <input
                type="radio"
                name="wmode"
                value={m}
                checked={o.mode === m}
                onChange={() => setWidgetOptions({ mode: m })}
              />{' '}
              {m}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor="wcolor">Button colour</label>
      <select
        id="wcolor"
        value={o.color}
        disabled={o.mode !== 'small-widgets'}
        onChange={(e) => setWidgetOptions({ color: e.target.value as ButtonColor })}
      >
        {BUTTON_COLORS.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      <label htmlFor="wsize">Button size</label>
      <select
        id="wsize"
        value={o.size}
        disabled={o.mode !== 'small-widgets'}
        onChange={(e) => setWidgetOptions({ size: e.target.value as ButtonSize })}
      >
        {Object.entries(BUTTON_SIZES).map(([k, [w, h]]) => (
          <option key={k} value={k}>
            {k} ({w} × {h})
          </option>
        ))}
      </select>
      <label htmlFor="wheight">Container height</label>
      <select id="wheight" value={o.height} onChange={(e) => setWidgetOptions({ height: e.target.value })}>
        {HEIGHTS.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
      </select>
      <label htmlFor="wamount">Test amount (USDT)</label>
      <input
        id="wamount"
        inputMode="decimal"
        value={o.amount}
        onChange={(e) => setWidgetOptions({ amount: e.target.value })}
      />
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={() => void newWidgetSession()} disabled={isLoading}>
          {isLoading ? 'Signing…' : 'New sandbox signature'}
        </button>
      </div>
    </section>
  );
}

export function WidgetPreviewPage() {
  const mode = useConsoleStore(selectChainMode);
  const o = useConsoleStore(selectWidgetOptions);
  const session = useConsoleStore(selectWidgetSession);
  const events = useConsoleStore(selectWidgetEvents);
  const frameHeight = useConsoleStore(selectWidgetFrameHeight);
  const { newWidgetSession } = useConsoleStore(useShallow(selectWidgetActions));
  const frame = useRef<HTMLIFrameElement>(null);
  useWidgetPreviewEvents(frame, session?.serviceOrigin ?? null);
  useEffect(() => {
    if (!session && mode && mode !== 'mainnet') void newWidgetSession();
  }, [session, mode, newWidgetSession]);

  if (mode === 'mainnet') {
    return (
      <>
        <PageHeader title="Widget preview" />
        <Empty title="Previews use sandbox signatures">
          They are disabled on mainnet. Use a sandbox or testnet service to preview the widget.
        </Empty>
      </>
    );
  }
  const [buttonWidth, buttonHeight] = BUTTON_SIZES[o.size];
  const src = session
    ? `${session.serviceOrigin}/console/widget-preview?${new URLSearchParams({
        signature: session.signature,
        mode: o.mode,
        color: o.color,
        buttonWidth,
        buttonHeight,
        height: o.height,
      }).toString()}`
    : null;
  // iframe-only: the frame is as tall as the preview page, which is as tall as the checkout (nothing cut, nothing blank).
  // small-widgets keeps the CSS height: the dialog the button opens needs the room.
  const fitted = o.mode === 'iframe-only' && frameHeight ? { height: `${frameHeight}px` } : undefined;
  const snippets = session ? previewSnippets(o, session.serviceOrigin, session.signature) : null;
  return (
    <>
      <PageHeader title="Widget preview" />
      <p className="muted lead">
        The widget as a merchant page embeds it: a frame with its own Content-Security-Policy, a short-lived sandbox
        signature, and every event the widget emits.
      </p>
      <div className="widget-grid">
        <Options />
        <section className="card preview-card" aria-labelledby="wprev">
          <h2 id="wprev">
            Preview{' '}
            <span className="muted small">
              ({o.mode}
              {o.mode === 'small-widgets' ? `, ${o.color}` : ''})
            </span>
          </h2>
          {/* No sandbox attribute: the preview is a page this service serves under its own strict CSP (hashed
              scripts only, default-src 'none', frame-ancestors naming the console). Same-origin with the console
              it would need allow-same-origin for the checkout's exact-origin messages, and allow-scripts plus
              allow-same-origin lets the page lift its own sandbox: it protects nothing and Chromium warns. */}
          {src ? (
            <iframe
              key={src}
              ref={frame}
              className="preview-frame"
              style={fitted}
              title="Widget preview"
              src={src}
              data-testid="widget-frame"
            />
          ) : (
            <Spinner label="Creating a preview session" />
          )}
        </section>
        <section className="card" aria-labelledby="wevents">
          <h2 id="wevents">Events</h2>
          {events.length === 0 ? (
            <p className="muted">Waiting for the widget…</p>
          ) : (
            <ol className="event-log" aria-live="polite" data-testid="widget-events">
              {events.map((e) => (
                <li key={e.n}>
                  <span className="muted">{formatTime(e.at)}</span> <strong>{e.type}</strong>{' '}
                  <span className="muted">{e.detail}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      {snippets ? (
        <div className="grid-2">
          <section className="card" aria-labelledby="snip">
            <div className="section-head">
              <h2 id="snip">HTML for your page</h2>
              <CopyButton text={snippets.html} />
            </div>
            <pre className="code" data-testid="widget-snippet">
              {snippets.html}
            </pre>
            <div className="section-head">
              <h3>CSP meta tag</h3>
              <CopyButton text={snippets.csp} />
            </div>
            <pre className="code">{snippets.csp}</pre>
          </section>
          <section className="card" aria-labelledby="backend">
            <div className="section-head">
              <h2 id="backend">Your backend call</h2>
              <CopyButton text={snippets.curl} />
            </div>
            <pre className="code">{snippets.curl}</pre>
            <p className="muted small">
              Never call it from the browser: the API key stays on your server. The preview's signature expires{' '}
              {session ? formatTime(session.signatureExpiresAt) : ''}.
            </p>
          </section>
        </div>
      ) : null}
    </>
  );
}
