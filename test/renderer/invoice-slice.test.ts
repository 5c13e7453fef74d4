import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  selectInvoice,
  selectInvoiceActions,
  selectInvoiceDraft,
  selectInvoiceError,
  selectIsCreatingInvoice,
} from '../../renderer/features/invoice/slice';
import { selectIsTill, selectTillActions, selectTillInvoice } from '../../renderer/features/till/slice';
import { selectAcceptedAssets, selectStaffActions } from '../../renderer/features/staff/slice';
import { startStoreHarness, type StoreHarness } from './store-harness';

describe('invoice slice: the new-invoice form and the live invoice, handed to the till', () => {
  let h: StoreHarness;
  beforeAll(async () => {
    h = await startStoreHarness();
  });
  afterAll(async () => {
    await h.dispose();
  });

  it('checks the draft before a round trip, and an edit clears the complaint', async () => {
    const store = h.newStore();
    const { setDraft, createInvoice } = selectInvoiceActions(store.getState());
    setDraft({ amount: '12.5.0' });
    expect(await createInvoice()).toBeNull();
    expect(selectInvoiceError(store.getState())?.field).toBe('amount');
    setDraft({ amount: '1.00', expiryMinutes: '0' });
    expect(selectInvoiceError(store.getState())).toBeNull();
    expect(await createInvoice()).toBeNull();
    expect(selectInvoiceError(store.getState())?.field).toBe('expiresInSeconds');
    expect(await h.server.services.payments.list({ limit: 10 })).toHaveLength(0);
  });

  it('reads an amount as the till and the catalogue do: "12,50" is 12.50', async () => {
    const store = h.newStore();
    const { setDraft, createInvoice } = selectInvoiceActions(store.getState());
    setDraft({ amount: ' 12,50 ' });
    expect(await createInvoice()).toMatchObject({ amount: '12.50' });
    setDraft({ amount: '0,000' });
    expect(await createInvoice()).toBeNull();
    expect(selectInvoiceError(store.getState())).toEqual({
      field: 'amount',
      message: 'The amount must be more than zero.',
    });
  });

  it('creates an invoice in Toncoin once the session says the store takes it, read in its 9 decimals', async () => {
    const store = h.newStore();
    const { setDraft, createInvoice } = selectInvoiceActions(store.getState());
    // before the session answers, the console offers USDT alone: the choice falls back to it
    setDraft({ currency: 'TON', amount: '1.5' });
    expect(await createInvoice()).toMatchObject({ currency: 'USDT', amount: '1.50' });
    await selectStaffActions(store.getState()).loadSession();
    expect(selectAcceptedAssets(store.getState())).toEqual(['USDT', 'TON']);
    setDraft({ currency: 'TON', amount: '0,123456789' });
    expect(await createInvoice()).toMatchObject({ currency: 'TON', amount: '0.123456789' });
    expect(selectInvoiceDraft(store.getState()).currency).toBe('TON');
    setDraft({ currency: 'USDT', amount: '0.123456789' });
    expect(await createInvoice()).toBeNull();
    expect(selectInvoiceError(store.getState())).toEqual({ field: 'amount', message: 'At most 6 decimals.' });
  });

  it('creates an invoice, keeps the expiry for the next one, shows it on the till and follows it there until paid', async () => {
    const store = h.newStore();
    const { setDraft, createInvoice, refreshInvoice, clearInvoice } = selectInvoiceActions(store.getState());
    const { showOnTill, refreshTillInvoice, closeTill } = selectTillActions(store.getState());
    setDraft({ amount: ' 12.50 ', externalId: 'till-1', description: 'Tea', expiryMinutes: '15' });
    const creating = createInvoice();
    expect(selectIsCreatingInvoice(store.getState())).toBe(true);
    const invoice = await creating;
    expect(selectIsCreatingInvoice(store.getState())).toBe(false);
    expect(invoice).toMatchObject({ amount: '12.50', externalId: 'till-1', description: 'Tea', status: 'pending' });
    expect(Date.parse(invoice!.expiresAt) - Date.parse(invoice!.createdAt)).toBe(15 * 60_000);
    expect(selectInvoice(store.getState())).toEqual(invoice);
    expect(selectInvoiceDraft(store.getState())).toEqual({
      currency: 'USDT',
      amount: '',
      externalId: '',
      description: '',
      expiryMinutes: '15',
    });

    // the till's state is the till slice's own: showing the desk's invoice there leaves the desk as it is
    showOnTill(invoice!);
    expect([selectIsTill(store.getState()), selectTillInvoice(store.getState())?.id]).toEqual([true, invoice!.id]);
    await h.server.simulator!.pay({ paymentId: invoice!.id });
    await refreshTillInvoice();
    expect(selectTillInvoice(store.getState())).toMatchObject({ id: invoice!.id, status: 'paid', paidAmount: '12.50' });
    closeTill();
    expect(selectIsTill(store.getState())).toBe(false);
    await refreshInvoice();
    expect(selectInvoice(store.getState())).toMatchObject({ id: invoice!.id, status: 'paid', paidAmount: '12.50' });
    clearInvoice();
    expect(selectInvoice(store.getState())).toBeNull();
  });

  it('shows an order reference already used for another amount beside the form, not as a toast', async () => {
    const store = h.newStore();
    const { setDraft, createInvoice } = selectInvoiceActions(store.getState());
    setDraft({ amount: '3.00', externalId: 'dup-1' });
    expect(await createInvoice()).not.toBeNull();
    setDraft({ amount: '4.00', externalId: 'dup-1' });
    expect(await createInvoice()).toBeNull();
    expect(selectInvoiceError(store.getState())).toMatchObject({ message: expect.stringMatching(/dup-1/) });
    expect(store.getState().toasts).toEqual([]);
  });
});
