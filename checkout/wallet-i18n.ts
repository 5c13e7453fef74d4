/**
 * The "Pay with wallet" (TON Connect) texts of the checkout, per language. `i18n.ts` spreads each
 * language's set into its strings, so the compiler and the languages test hold these to the same
 * rules (every key, translated, the same placeholders).
 */
const en = {
  payWithWallet: 'Pay {amount} {symbol} with wallet',
  walletChoose: 'Choose your wallet',
  walletInBrowser: 'in this browser',
  walletScan: 'Scan this code with {wallet} on your phone, or open it:',
  walletQr: 'QR code that connects {wallet} to this payment',
  walletOpen: 'Open {wallet}',
  walletConnecting: 'Approve the connection in {wallet}',
  walletConfirm: 'Confirm in your wallet',
  walletSent: 'Sent — waiting for the network',
  walletRejected: 'You declined in the wallet — try again',
  walletTimeout: 'The wallet did not answer in time.',
  walletFailed: 'The wallet could not send the payment: {reason}',
  walletWrongNetwork:
    "Your wallet is on another TON network than this store. Switch your wallet's network and try again.",
  walletTryAgain: 'Try again',
  walletCancel: 'Cancel',
  walletFallback: 'You can also pay with the QR code, the links or by hand below.',
};
export type WalletStrings = typeof en;

const ru: WalletStrings = {
  payWithWallet: 'Оплатить {amount} {symbol} кошельком',
  walletChoose: 'Выберите кошелёк',
  walletInBrowser: 'в этом браузере',
  walletScan: 'Отсканируйте код в {wallet} на телефоне или откройте кошелёк:',
  walletQr: 'QR-код для подключения {wallet} к этому платежу',
  walletOpen: 'Открыть {wallet}',
  walletConnecting: 'Подтвердите подключение в {wallet}',
  walletConfirm: 'Подтвердите платёж в кошельке',
  walletSent: 'Отправлено — ждём подтверждения сети',
  walletRejected: 'Вы отклонили платёж в кошельке — попробуйте ещё раз',
  walletTimeout: 'Кошелёк не ответил вовремя.',
  walletFailed: 'Кошелёк не смог отправить платёж: {reason}',
  walletWrongNetwork:
    'Ваш кошелёк подключён к другой сети TON, чем магазин. Переключите сеть в кошельке и попробуйте ещё раз.',
  walletTryAgain: 'Попробовать ещё раз',
  walletCancel: 'Отмена',
  walletFallback: 'Можно оплатить и по QR-коду, ссылкам или вручную — ниже.',
};

const de: WalletStrings = {
  payWithWallet: '{amount} {symbol} mit Wallet bezahlen',
  walletChoose: 'Wählen Sie Ihre Wallet',
  walletInBrowser: 'in diesem Browser',
  walletScan: 'Scannen Sie diesen Code mit {wallet} auf Ihrem Handy oder öffnen Sie die Wallet:',
  walletQr: 'QR-Code, der {wallet} mit dieser Zahlung verbindet',
  walletOpen: '{wallet} öffnen',
  walletConnecting: 'Bestätigen Sie die Verbindung in {wallet}',
  walletConfirm: 'Bestätigen Sie in Ihrer Wallet',
  walletSent: 'Gesendet — wir warten auf das Netzwerk',
  walletRejected: 'Sie haben in der Wallet abgelehnt — versuchen Sie es erneut',
  walletTimeout: 'Die Wallet hat nicht rechtzeitig geantwortet.',
  walletFailed: 'Die Wallet konnte die Zahlung nicht senden: {reason}',
  walletWrongNetwork:
    'Ihre Wallet ist in einem anderen TON-Netzwerk als dieser Shop. Wechseln Sie das Netzwerk der Wallet und versuchen Sie es erneut.',
  walletTryAgain: 'Erneut versuchen',
  walletCancel: 'Abbrechen',
  walletFallback: 'Sie können auch unten per QR-Code, Link oder von Hand bezahlen.',
};

const es: WalletStrings = {
  payWithWallet: 'Pagar {amount} {symbol} con billetera',
  walletChoose: 'Elija su billetera',
  walletInBrowser: 'en este navegador',
  walletScan: 'Escanee este código con {wallet} en su teléfono, o ábrala:',
  walletQr: 'Código QR que conecta {wallet} con este pago',
  walletOpen: 'Abrir {wallet}',
  walletConnecting: 'Apruebe la conexión en {wallet}',
  walletConfirm: 'Confirme en su billetera',
  walletSent: 'Enviado — esperando a la red',
  walletRejected: 'Lo rechazó en la billetera — inténtelo de nuevo',
  walletTimeout: 'La billetera no respondió a tiempo.',
  walletFailed: 'La billetera no pudo enviar el pago: {reason}',
  walletWrongNetwork:
    'Su billetera está en otra red TON distinta de la de esta tienda. Cambie la red de la billetera e inténtelo de nuevo.',
  walletTryAgain: 'Intentar de nuevo',
  walletCancel: 'Cancelar',
  walletFallback: 'También puede pagar abajo con el código QR, los enlaces o a mano.',
};

const pt: WalletStrings = {
  payWithWallet: 'Pagar {amount} {symbol} com a carteira',
  walletChoose: 'Escolha a sua carteira',
  walletInBrowser: 'neste navegador',
  walletScan: 'Leia este código com a {wallet} no seu telemóvel, ou abra-a:',
  walletQr: 'Código QR que liga a {wallet} a este pagamento',
  walletOpen: 'Abrir {wallet}',
  walletConnecting: 'Aprove a ligação na {wallet}',
  walletConfirm: 'Confirme na sua carteira',
  walletSent: 'Enviado — a aguardar a rede',
  walletRejected: 'Recusou na carteira — tente novamente',
  walletTimeout: 'A carteira não respondeu a tempo.',
  walletFailed: 'A carteira não conseguiu enviar o pagamento: {reason}',
  walletWrongNetwork:
    'A sua carteira está noutra rede TON, diferente da desta loja. Mude a rede da carteira e tente novamente.',
  walletTryAgain: 'Tentar novamente',
  walletCancel: 'Cancelar',
  walletFallback: 'Também pode pagar abaixo com o código QR, as ligações ou à mão.',
};

const tr: WalletStrings = {
  payWithWallet: '{amount} {symbol} cüzdanla öde',
  walletChoose: 'Cüzdanınızı seçin',
  walletInBrowser: 'bu tarayıcıda',
  walletScan: 'Bu kodu telefonunuzdaki {wallet} ile tarayın ya da cüzdanı açın:',
  walletQr: '{wallet} cüzdanını bu ödemeye bağlayan QR kodu',
  walletOpen: '{wallet} aç',
  walletConnecting: 'Bağlantıyı {wallet} içinde onaylayın',
  walletConfirm: 'Cüzdanınızda onaylayın',
  walletSent: 'Gönderildi — ağ bekleniyor',
  walletRejected: 'Cüzdanda reddettiniz — tekrar deneyin',
  walletTimeout: 'Cüzdan zamanında yanıt vermedi.',
  walletFailed: 'Cüzdan ödemeyi gönderemedi: {reason}',
  walletWrongNetwork: 'Cüzdanınız bu mağazadan farklı bir TON ağında. Cüzdanın ağını değiştirip tekrar deneyin.',
  walletTryAgain: 'Tekrar dene',
  walletCancel: 'Vazgeç',
  walletFallback: 'Aşağıdaki QR kodu, bağlantılar ya da elle de ödeyebilirsiniz.',
};

const uk: WalletStrings = {
  payWithWallet: 'Сплатити {amount} {symbol} гаманцем',
  walletChoose: 'Виберіть гаманець',
  walletInBrowser: 'у цьому браузері',
  walletScan: 'Відскануйте код у {wallet} на телефоні або відкрийте гаманець:',
  walletQr: 'QR-код для підключення {wallet} до цього платежу',
  walletOpen: 'Відкрити {wallet}',
  walletConnecting: 'Підтвердьте підключення в {wallet}',
  walletConfirm: 'Підтвердьте платіж у гаманці',
  walletSent: 'Надіслано — чекаємо на підтвердження мережі',
  walletRejected: 'Ви відхилили платіж у гаманці — спробуйте ще раз',
  walletTimeout: 'Гаманець не відповів вчасно.',
  walletFailed: 'Гаманець не зміг надіслати платіж: {reason}',
  walletWrongNetwork: 'Ваш гаманець у іншій мережі TON, ніж магазин. Перемкніть мережу в гаманці й спробуйте ще раз.',
  walletTryAgain: 'Спробувати ще раз',
  walletCancel: 'Скасувати',
  walletFallback: 'Можна сплатити й за QR-кодом, посиланнями або вручну — нижче.',
};

export const WALLET_STRINGS = { en, ru, de, es, pt, tr, uk } satisfies Record<string, WalletStrings>;
