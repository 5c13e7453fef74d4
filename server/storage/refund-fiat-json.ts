import type { RefundFiat } from './ledger-repositories';

/** The one writer of refunds.fiat_json, for both engines. */
export const refundFiatToJson = (fiat: RefundFiat | null | undefined): string | null =>
  fiat ? JSON.stringify(fiat) : null;

/** The one reader of refunds.fiat_json, for both engines. */
export const refundFiatFromJson = (text: string | null): RefundFiat | null =>
  text === null ? null : (JSON.parse(text) as RefundFiat);
