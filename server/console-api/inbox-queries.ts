import { formatAmount, parseAmount } from '../../contract/amount';
import type { InboxTransfer, SuggestedPayment, TransferDecision as TransferDecisionView } from '../../contract/chain';
import type { PaymentService } from '../payments/payment-service';
import type { Payment, TransferDecisionRecord, TransferDecisionAction, TransferRecord } from '../storage/records';
import { presentTransfer, type TransferLedger } from '../payments/transfer-ledger';

const SUGGESTIONS_PER_TRANSFER = 3;
const iso = (ms: number): string => new Date(ms).toISOString();

function presentSuggestion(p: Payment): SuggestedPayment {
  return {
    id: p.id,
    status: p.status as SuggestedPayment['status'],
    amount: formatAmount(p.amount, p.currency),
    dueAmount: formatAmount(p.amount - p.paidAmount, p.currency),
    externalId: p.externalId,
    memo: p.memo,
    description: p.description,
    customerEmail: p.customer?.email ?? null,
    createdAt: iso(p.createdAt),
    expiresAt: iso(p.expiresAt),
  };
}

/** An accountant searches by what they were told: an amount, a memo (or part of a comment), a sender, or the customer's email. */
function matches(item: InboxTransfer, q: string): boolean {
  const needle = q.toLowerCase();
  // in the transfer's own decimals: "1.5" is 1500000 of a USDT transfer, 1500000000 of a Toncoin one
  const amount = parseAmount(q.replace(',', '.'), 10n ** 21n, item.asset);
  if (amount.ok && BigInt(item.amountBaseUnits) === amount.value) return true;
  if (
    item.comment?.toLowerCase().includes(needle) ||
    item.from?.toLowerCase() === needle ||
    item.txHash.startsWith(needle)
  )
    return true;
  return item.suggestions.some(
    (s) => s.customerEmail?.toLowerCase().includes(needle) || s.memo.toLowerCase() === needle,
  );
}

/** The unmatched inbox and its history, shaped for the console. */
export class InboxQueries {
  constructor(
    private readonly payments: PaymentService,
    private readonly ledger: TransferLedger,
  ) {}

  async inbox(limit: number, q: string | undefined): Promise<InboxTransfer[]> {
    const items = await Promise.all((await this.ledger.listUnmatched(limit)).map(async (t) => this.withSuggestions(t)));
    const query = q?.trim();
    return query ? items.filter((item) => matches(item, query)) : items;
  }

  private async withSuggestions(t: TransferRecord): Promise<InboxTransfer> {
    const suggestions =
      t.amount > 0n ? await this.payments.suggestFor(t.amount, t.asset, t.utime * 1000, SUGGESTIONS_PER_TRANSFER) : [];
    return { ...presentTransfer(t), suggestions: suggestions.map(presentSuggestion) };
  }

  async history(action: TransferDecisionAction | undefined, limit: number): Promise<TransferDecisionView[]> {
    return (await this.ledger.history(action, limit)).map(({ decision, transfer, latest }) =>
      presentDecision(decision, transfer, latest),
    );
  }
}

function presentDecision(d: TransferDecisionRecord, t: TransferRecord, latest: boolean): TransferDecisionView {
  return {
    seq: d.seq,
    action: d.action,
    paymentId: d.paymentId,
    note: d.note,
    actor: d.actor,
    at: iso(d.at),
    undoable: latest && d.action === 'dismissed' && t.status === 'dismissed',
    transfer: presentTransfer(t),
  };
}
