/** One thing a new merchant does before taking real money, and where in the console it is done. */
export interface SetupStep {
  id: 'wallet' | 'webhook' | 'payment';
  title: string;
  detail: string;
  route: string;
  action: string;
  isDone: boolean;
}

export interface SetupFacts {
  /** the wallet saved for the chain (config.json), '' when none */
  merchantAddress: string;
  webhookEndpoints: number;
  paidPayments: number;
}

/** The first-run checklist; the dashboard shows it until every step is done or the owner hides it. */
export function setupSteps(facts: SetupFacts): SetupStep[] {
  return [
    {
      id: 'wallet',
      title: 'Set the wallet that receives payments',
      route: 'settings',
      action: 'Open settings',
      detail: 'The address of your own wallet app. TonTill never holds its keys.',
      isDone: facts.merchantAddress !== '',
    },
    {
      id: 'webhook',
      title: 'Tell your shop when an order is paid',
      route: 'webhooks',
      action: 'Add a webhook',
      detail: 'A webhook endpoint on your web store receives every payment event, signed.',
      isDone: facts.webhookEndpoints > 0,
    },
    {
      id: 'payment',
      title: 'Take a test payment',
      route: 'invoice',
      action: 'New invoice',
      detail: 'Create an invoice and pay it from the Simulator, in sandbox, before real customers do.',
      isDone: facts.paidPayments > 0,
    },
  ];
}
