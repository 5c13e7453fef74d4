import { post } from '../../api/client';
import { SimulatedRefundSchema, type SimulateRefundRequest } from '../../../contract/refunds';

export const simulatorApi = {
  /** Sandbox only: the store's wallet sends a refund, by the same route as `npm run simulate -- refund <id>` */
  sendRefund: (body: SimulateRefundRequest) => post(SimulatedRefundSchema, '/simulator/refund', body),
};
