/** Public types of the widget; the npm package's declarations are generated from this file and index.ts. */
// Generated file by file, so nothing here may import: the types that cross the wire (statuses, event
// types and figures, modes, colours) are written out and pinned to their contract/ twins by
// test/unit/widget-public-types.test.ts.
export type WidgetMode = 'iframe-only' | 'small-widgets';
export type ButtonColor = 'white-black' | 'black-white' | 'red-white' | 'red-black' | 'blue-white';
export type PaymentStatus = 'pending' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';
export type WidgetEventType = 'loaded' | 'resize' | 'status' | 'paid' | 'expired';

export interface WidgetEvent {
  type: WidgetEventType;
  paymentId: string;
  status: PaymentStatus;
  amount: string;
  dueAmount: string;
  paidAmount: string;
  /** content height of the checkout in CSS pixels (resize events) */
  height?: number;
  /** the container the event belongs to */
  container: HTMLElement;
}

export type WidgetCallback = (event: WidgetEvent) => void;

/**
 * Why nothing (or nothing working) is embedded. Codes from the service (ORIGIN_NOT_ALLOWED,
 * INVALID_SIGNATURE, SIGNATURE_EXPIRED, PAYMENT_NOT_FOUND, …) are passed through as they come.
 */
export type WidgetErrorCode =
  'ORIGIN_NOT_ALLOWED' | 'LOAD_TIMEOUT' | 'SIGNATURE_MISSING' | 'SERVICE_UNKNOWN' | (string & {});

export interface WidgetErrorEvent {
  type: 'error';
  code: WidgetErrorCode;
  /** for the developer; the container shows its own readable message where nothing could be embedded */
  message: string;
  container: HTMLElement;
}

export interface ButtonOptions {
  /** colour scheme: background-text; default 'black-white' */
  color?: ButtonColor;
  /** show only the text-based logo instead of logo and caption */
  logoOnly?: boolean;
  /** any CSS length, e.g. '240px' or '100%' */
  width?: string;
  /** any CSS length, e.g. '48px' */
  height?: string;
}

export interface InitOptions {
  /** selector (or selector list), several selectors, an element or several elements */
  container: string | string[] | HTMLElement | ArrayLike<HTMLElement>;
  /** 'iframe-only' (default) embeds the checkout; 'small-widgets' renders a pay button that opens it */
  mode?: WidgetMode;
  button?: ButtonOptions;
  /** overrides where the service runs; by default the signature names it */
  serviceUrl?: string;
  /** every event, errors included */
  onEvent?: (event: WidgetEvent | WidgetErrorEvent) => void;
  onLoaded?: WidgetCallback;
  onResize?: WidgetCallback;
  onStatus?: WidgetCallback;
  onPaid?: WidgetCallback;
  onExpired?: WidgetCallback;
  onError?: (event: WidgetErrorEvent) => void;
}

export interface WidgetHandle {
  /** the containers a widget was embedded in */
  containers: HTMLElement[];
  /** removes the widgets and their listeners */
  destroy(): void;
}
