import { z } from 'zod';

/** The daily close asks for one local day of the store; without `date`, today in the store's time zone. */
export const CloseDayQuerySchema = z.strictObject({
  date: z.iso
    .date()
    .optional()
    .meta({ description: "A day (YYYY-MM-DD) in the store's time zone; today when omitted", example: '2026-03-29' }),
});
export type CloseDayQuery = z.infer<typeof CloseDayQuerySchema>;

const FigureSchema = z.object({
  count: z.number().int().meta({ description: 'How many' }),
  total: z.string().meta({ description: 'USDT, a decimal string' }),
});
export type CloseDayFigure = z.infer<typeof FigureSchema>;

/**
 * One day at the till. Each payment holding money counts once: paid and overpaid on the day it
 * completed, partially paid on the day it was created; takenIn is their sum and netTakings takenIn
 * less the refunds sent that day. Expired lists what ran out that day (the amounts asked), outside the takings.
 */
export const CloseDayReportSchema = z
  .object({
    store: z.string().meta({ description: "The store's name ('' when not set)" }),
    date: z.iso.date(),
    timeZone: z.string(),
    from: z.iso.datetime().meta({ description: 'When the day began (inclusive)' }),
    to: z.iso.datetime().meta({ description: 'When it ended (exclusive)' }),
    hours: z.number().meta({ description: '24, or 23 or 25 on a daylight-saving day' }),
    paid: FigureSchema.meta({ description: 'Completed that day, exactly the amount asked' }),
    overpaid: FigureSchema.extend({
      extra: z.string().meta({ description: 'The part beyond the amounts asked' }),
    }).meta({ description: 'Completed that day with more than asked: all they brought in' }),
    partiallyPaid: FigureSchema.meta({
      description: 'Created that day, never completed, holding money: what they hold',
    }),
    expired: FigureSchema.meta({
      description: 'Ran out that day without completing: the amounts they asked for (not takings)',
    }),
    refunded: FigureSchema.meta({
      description: 'Refunds sent that day (and not bounced), whatever day their payment was',
    }),
    takenIn: FigureSchema.meta({ description: 'paid + overpaid + partiallyPaid' }),
    netTakings: z.string().meta({ description: 'takenIn - refunded; negative when more went back than came in' }),
    generatedAt: z.iso.datetime(),
  })
  .meta({ id: 'CloseDayReport' });
export type CloseDayReport = z.infer<typeof CloseDayReportSchema>;
