import { ContractCancellationPage } from '@/features/consumer-law/components/ContractCancellationPage';

/** /contract-cancellation (open): "Verträge hier kündigen" (§ 312k BGB), linked from every footer. */
export function Component() {
  return <ContractCancellationPage />;
}
