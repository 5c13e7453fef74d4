import type { TipSettings } from '../../../contract/console-settings';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import type { SaleLine } from './cart';
import { nextEntry, parseSaleEntry } from './sale-currency';
import { tipsApi } from './tips-api';

/** A sale charged but not yet on the customer's screen: the till asks for a tip first. */
export interface SaleToCharge {
  /** the subtotal, exact: what the sale costs before any tip */
  amount: string;
  /** the subtotal in the smallest unit of `currency` (base units of an asset, cents of a fiat price) */
  baseUnits: bigint;
  /** an asset, or the store's ISO 4217 code: the invoice is priced in it and the tip given in it */
  currency: string;
  /** the cart's lines; empty for an amount typed on the keypad */
  lines: SaleLine[];
}

/**
 * The tip step between the sale and the QR (when the owner turned tips on): a percent button, a
 * custom amount typed on the keypad, or no tip. The invoice then asks for subtotal + tip.
 */
export interface TipStepSlice {
  /** null until read; tips are off until the service says otherwise */
  tipSettings: TipSettings | null;
  /** the sale waiting for the customer's tip; the tip step shows while set */
  tipSale: SaleToCharge | null;
  /** the custom tip as typed on the keypad; null while the percent buttons show */
  customTipEntry: string | null;
  loadTipSettings(): Promise<void>;
  saveTipSettings(settings: TipSettings): Promise<boolean>;
  /** Asks for a tip when tips are on (true), or leaves the sale to be charged at once (false). */
  askForTip(sale: SaleToCharge): boolean;
  /** Charges the waiting sale with this tip in the smallest unit of the sale's currency (0n: no tip). */
  chooseTip(tip: bigint): Promise<void>;
  openCustomTip(): void;
  pressTipKey(key: string): void;
  /** Charges the typed custom tip; a typed entry that is no amount stays, with the till's error. */
  confirmCustomTip(): Promise<void>;
  /** Back one step: from the custom keypad to the buttons, from the buttons to the sale. */
  backFromTip(): void;
}

export const createTipStep: SliceCreator<TipStepSlice> = (set, get) => ({
  tipSettings: null,
  tipSale: null,
  customTipEntry: null,
  loadTipSettings: async () => {
    try {
      set({ tipSettings: await tipsApi.get() });
    } catch {
      /* without them the till charges without asking, as before tips existed */
    }
  },
  saveTipSettings: async (settings) => {
    try {
      set({ tipSettings: await tipsApi.save(settings) });
      get().toast('success', settings.enabled ? 'Tips at the till turned on' : 'Tips at the till turned off');
      return true;
    } catch (err) {
      get().fail(err, 'Could not save the tip settings');
      return false;
    }
  },
  askForTip: (sale) => {
    if (!get().tipSettings?.enabled) return false;
    set({ tipSale: sale, customTipEntry: null, tillError: null });
    return true;
  },
  chooseTip: async (tip) => {
    const sale = get().tipSale;
    if (!sale) return;
    await get().chargeSale(sale, tip);
  },
  openCustomTip: () => set({ customTipEntry: '', tillError: null }),
  pressTipKey: (key) =>
    set((s) =>
      s.customTipEntry === null || !s.tipSale
        ? {}
        : { customTipEntry: nextEntry(s.customTipEntry, key, s.tipSale.currency), tillError: null },
    ),
  confirmCustomTip: async () => {
    const sale = get().tipSale;
    if (!sale) return;
    const entered = parseSaleEntry(get().customTipEntry ?? '', sale.currency);
    if (!entered.ok) set({ tillError: entered.message });
    else await get().chooseTip(entered.units);
  },
  backFromTip: () =>
    set((s) =>
      s.customTipEntry !== null ? { customTipEntry: null, tillError: null } : { tipSale: null, tillError: null },
    ),
});

export const selectTipSettings = (s: ConsoleStore) => s.tipSettings;
export const selectTipSale = (s: ConsoleStore) => s.tipSale;
export const selectCustomTipEntry = (s: ConsoleStore) => s.customTipEntry;
export const selectTipActions = (s: ConsoleStore) => ({
  loadTipSettings: s.loadTipSettings,
  saveTipSettings: s.saveTipSettings,
  chooseTip: s.chooseTip,
  openCustomTip: s.openCustomTip,
  pressTipKey: s.pressTipKey,
  confirmCustomTip: s.confirmCustomTip,
  backFromTip: s.backFromTip,
});
