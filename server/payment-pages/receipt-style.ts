import { createHash } from 'node:crypto';
import type { ReceiptPaper } from '../../contract/receipts';

/**
 * The receipt's stylesheet, one per paper. It is inline (the receipt is one self-contained
 * document, printable from a hidden window without waiting for another request) and pinned in the
 * CSP by its hash, so no other inline style can run.
 *
 * Thermal pages are 80 or 58 mm wide and 297 mm long: CSS has no "as long as the content" page
 * (`size: 80mm auto` is invalid and dropped), and 80 × 297 / 58 × 297 mm are the roll sizes thermal
 * printer drivers ship, which cut off the blank tail. The body's side padding keeps the text inside
 * the printable width (72 mm of 80, 48 mm of 58). Long hashes and URLs break anywhere, so nothing
 * is ever wider than the paper.
 */
const BASE = [
  '*{box-sizing:border-box}',
  'html{background:#fff;color:#111;-webkit-text-size-adjust:100%}',
  'body{margin:0 auto;padding:4mm 4mm 6mm;font:13px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}',
  'header{text-align:center}',
  '.logo{display:block;margin:0 auto 2mm;max-width:40mm;max-height:16mm}',
  'h1{font-size:18px;margin:0}',
  '.contact{margin:1mm 0 0;font-size:12px;color:#333}',
  'h2{margin:3mm 0 2mm;padding:1.5mm 0;border-block:1px dashed #000;font-size:12px;letter-spacing:.12em;text-transform:uppercase;text-align:center}',
  'h3{margin:3mm 0 1mm;font-size:11px;letter-spacing:.08em;text-transform:uppercase;color:#333}',
  'dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:.5mm 3mm;margin:0}',
  'dt{color:#333}',
  'dd{margin:0;text-align:right}',
  'p{margin:0 0 1mm}',
  '.items{list-style:none;margin:0;padding:0}',
  '.items li{display:grid;grid-template-columns:auto minmax(0,1fr);gap:2mm}',
  '.total{margin-top:2mm;padding-top:1.5mm;border-top:1px solid #000}',
  '.total dt,.total dd{font-size:16px;font-weight:700;color:#000}',
  '.mono{font-family:ui-monospace,"SF Mono",Menlo,Consolas,monospace;font-size:11px}',
  '.muted{color:#444;font-size:11px}',
  '.line{margin:0 0 2mm}',
  '.qr{display:block;width:30mm;height:30mm;margin:4mm auto 1mm}',
  '.url{text-align:center}',
  'footer{margin-top:3mm;padding-top:2mm;border-top:1px dashed #000;text-align:center;font-size:11px;color:#333}',
  'a{color:inherit}',
  '@media print{a{text-decoration:none}}',
].join('');

const PAPER: Record<ReceiptPaper, string> = {
  '80mm': 'body{max-width:80mm}@media print{@page{size:80mm 297mm;margin:0}body{max-width:none}}',
  '58mm':
    'body{max-width:58mm;padding-inline:5mm;font-size:12px}h1{font-size:16px}.qr{width:26mm;height:26mm}' +
    '@media print{@page{size:58mm 297mm;margin:0}body{max-width:none}}',
  a4: 'body{max-width:120mm;padding-block:10mm}@media print{@page{size:A4;margin:15mm}body{padding:0}}',
};

export interface ReceiptStyle {
  css: string;
  /** the CSP source that allows exactly this stylesheet */
  source: string;
}

const styleOf = (css: string): ReceiptStyle => ({
  css,
  source: `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
});

/** Computed once: three fixed stylesheets and their hashes. */
export const RECEIPT_STYLES: Record<ReceiptPaper, ReceiptStyle> = {
  '80mm': styleOf(BASE + PAPER['80mm']),
  '58mm': styleOf(BASE + PAPER['58mm']),
  a4: styleOf(BASE + PAPER.a4),
};

/**
 * No script at all; this style, the store's logo (same origin) and the empty data: favicon only. The console prints a receipt
 * from a hidden frame of its own origin, so the service's own pages may frame it, and nobody else.
 */
export const receiptCsp = (style: ReceiptStyle): string =>
  `default-src 'none'; style-src ${style.source}; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`;
