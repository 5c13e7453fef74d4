import { describe, expectTypeOf, it } from 'vitest';
import type { CheckoutMessage, EmbedEventType } from '../../contract/embed-messages';
import type { PaymentStatus } from '../../contract/payments';
import type { ButtonColor, WidgetMode } from '../../contract/widget';
import type * as Widget from '../../widget/src/types';

/**
 * The widget package ships declarations generated file by file, so its public types cannot import
 * contract/ and are written out in widget/src/types.ts. These checks fail the typecheck (and so
 * `npm run typecheck`) the moment one drifts from the contract.
 */
describe('the widget package types', () => {
  it('equal their contract twins', () => {
    expectTypeOf<Widget.PaymentStatus>().toEqualTypeOf<PaymentStatus>();
    expectTypeOf<Widget.WidgetEventType>().toEqualTypeOf<EmbedEventType>();
    expectTypeOf<Widget.WidgetMode>().toEqualTypeOf<WidgetMode>();
    expectTypeOf<Widget.ButtonColor>().toEqualTypeOf<ButtonColor>();
    expectTypeOf<Omit<Widget.WidgetEvent, 'container' | 'type'>>().toEqualTypeOf<
      Omit<CheckoutMessage, 'source' | 'type'>
    >();
  });
});
