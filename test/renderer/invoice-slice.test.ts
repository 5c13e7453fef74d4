import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  selectInvoice, selectInvoiceActions, selectInvoiceDraft, selectInvoiceError, selectIsCreatingInvoice, selectIsTill,
} from '../../renderer/store/slices/invoice';
import { lastToast, startStoreHarness, type StoreHarness } from './store-harness';

describe('invoice slice: the new-invoice form, till mode and the live invoice', () => {
  let h: StoreHarness;
  beforeAll(async () => { h = await startStoreHarness(); });
  afterAll(async () => { await h.dispose(); });

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

  it('creates an invoice, keeps the expiry for the next one, follows it until paid and shows it in till mode', async () => {
    const store = h.newStore();
    const { setDraft, createInvoice, refreshInvoice, setTill, clearInvoice, showInvoice } = selectInvoiceActions(store.getState());
    setDraft({ amount: ' 12.50 ', externalId: 'till-1', description: 'Tea', expiryMinutes: '15' });
    const creating = createInvoice();
    expect(selectIsCreatingInvoice(store.getState())).toBe(true);
    const invoice = await creating;
    expect(selectIsCreatingInvoice(store.getState())).toBe(false);
    expect(invoice).toMatchObject({ amount: '12.50', externalId: 'till-1', description: 'Tea', status: 'pending' });
    expect(Date.parse(invoice!.expiresAt) - Date.parse(invoice!.createdAt)).toBe(15 * 60_000);
    expect(selectInvoice(store.getState())).toEqual(invoice);
    expect(selectInvoiceDraft(store.getState())).toEqual({ amount: '', externalId: '', description: '', expiryMinutes: '15' });

    await h.server.simulator!.pay({ paymentId: invoice!.id });
    await refreshInvoice();
    expect(selectInvoice(store.getState())).toMatchObject({ id: invoice!.id, status: 'paid', paidAmount: '12.50' });

    setTill(true);
    expect(selectIsTill(store.getState())).toBe(true);
    clearInvoice();
    expect([selectInvoice(store.getState()), selectIsTill(store.getState())]).toEqual([null, false]);
    await showInvoice(invoice!.id);
    expect(selectInvoice(store.getState())?.id).toBe(invoice!.id);
  });

  it('shows an order reference already used for another amount beside the form, other refusals as a toast', async () => {
    const store = h.newStore();
    const { setDraft, createInvoice, showInvoice } = selectInvoiceActions(store.getState());
    setDraft({ amount: '3.00', externalId: 'dup-1' });
    expect(await createInvoice()).not.toBeNull();
    setDraft({ amount: '4.00', externalId: 'dup-1' });
    expect(await createInvoice()).toBeNull();
    expect(selectInvoiceError(store.getState())).toMatchObject({ message: expect.stringMatching(/dup-1/) });
    expect(store.getState().toasts).toEqual([]);

    await showInvoice('pay_0000000000000000000000');
    expect(lastToast(store.getState())).toMatch(/^Could not open the invoice: /);
  });
});
