const en = {
  title: 'Pay with USDT on TON',
  amount: 'Amount',
  leftToPay: 'Left to pay',
  address: 'Wallet address',
  memo: 'Memo (comment)',
  memoWarning: 'Include this memo as the transfer comment. Without it your payment cannot be matched to this order.',
  network: 'Send USDT on the TON network only.',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copy failed: select the text and copy it by hand',
  copyOf: 'Copy {what}',
  qr: 'QR code of the payment link: scan it with a TON wallet',
  openTon: 'Open in TON wallet',
  openTonkeeper: 'Open in Tonkeeper',
  timeLeft: 'Time left',
  expiring: 'Expiring…',
  waiting: 'Waiting for your payment…',
  reconnecting: 'Reconnecting to live status…',
  partial: 'Received {paid} USDT. {due} USDT is still due: send it with the same memo.',
  paidTitle: 'Payment received',
  paidText: 'Thank you! {amount} USDT has arrived.',
  expiredTitle: 'This payment has expired',
  expiredText: 'Do not send funds for it any more. Start a new payment from the shop.',
  cancelledTitle: 'This payment was cancelled',
  cancelledText: 'Do not send funds for it. Start a new payment from the shop.',
  returning: 'Returning to the shop…',
  closeHint: 'You can close this page now.',
  back: 'Return to the shop',
  sandbox: 'Sandbox',
  sandboxPay: 'Pay with the sandbox test wallet',
  sandboxNote: 'Test mode: sends an emulated transfer on the local sandbox chain. No real funds move.',
  sandboxSending: 'Sending the test transfer…',
  sandboxFailed: 'The test payment failed: {reason}',
  minutesLeft: '{n} minutes left to pay',
};
export type Strings = typeof en;

const ru: Strings = {
  title: 'Оплата USDT в сети TON',
  amount: 'Сумма',
  leftToPay: 'Осталось оплатить',
  address: 'Адрес кошелька',
  memo: 'Комментарий (memo)',
  memoWarning: 'Обязательно укажите этот комментарий в переводе. Без него платёж не будет связан с заказом.',
  network: 'Отправляйте только USDT в сети TON.',
  copy: 'Копировать',
  copied: 'Скопировано',
  copyFailed: 'Не удалось скопировать: выделите текст и скопируйте вручную',
  copyOf: 'Копировать: {what}',
  qr: 'QR-код ссылки на оплату: отсканируйте его TON-кошельком',
  openTon: 'Открыть в TON-кошельке',
  openTonkeeper: 'Открыть в Tonkeeper',
  timeLeft: 'Осталось времени',
  expiring: 'Срок истекает…',
  waiting: 'Ожидаем ваш платёж…',
  reconnecting: 'Переподключаемся к статусу…',
  partial: 'Получено {paid} USDT. Осталось {due} USDT: отправьте их с тем же комментарием.',
  paidTitle: 'Платёж получен',
  paidText: 'Спасибо! {amount} USDT поступили.',
  expiredTitle: 'Срок оплаты истёк',
  expiredText: 'Больше не отправляйте средства по этому платежу. Начните новый платёж в магазине.',
  cancelledTitle: 'Платёж отменён',
  cancelledText: 'Не отправляйте средства по этому платежу. Начните новый платёж в магазине.',
  returning: 'Возвращаемся в магазин…',
  closeHint: 'Эту страницу можно закрыть.',
  back: 'Вернуться в магазин',
  sandbox: 'Песочница',
  sandboxPay: 'Оплатить тестовым кошельком песочницы',
  sandboxNote: 'Тестовый режим: эмулированный перевод в локальной песочнице. Реальные средства не списываются.',
  sandboxSending: 'Отправляем тестовый перевод…',
  sandboxFailed: 'Тестовый платёж не прошёл: {reason}',
  minutesLeft: 'Осталось минут: {n}',
};

/** The first preferred language we speak; English otherwise. */
export function pickStrings(languages: readonly string[]): { lang: string; t: Strings } {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'ru') return { lang: 'ru', t: ru };
    if (base === 'en') return { lang: 'en', t: en };
  }
  return { lang: 'en', t: en };
}

export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (_m, key: string) => String(values[key] ?? ''));
