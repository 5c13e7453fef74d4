import { useConsoleStore } from '../../store';
import { selectPricingProblem } from './slice';

/** The server's refusal of one pricing field ("manualRates.0.rate"), shown beside it. */
export function PricingProblem({ field }: { field: string }) {
  const problem = useConsoleStore(selectPricingProblem);
  return problem?.field === field ? (
    <p className="field-error" role="alert" data-field={`pricing.${field}`}>
      {problem.message}
    </p>
  ) : null;
}
