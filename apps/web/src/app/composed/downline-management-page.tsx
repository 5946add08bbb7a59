import DownlineManagementPage from '@/features/agent/team/downline-management-page';
import { DownlineTransferForm } from '@/features/transfer/components/downline-transfer-form';

/** The agent's downline list with the transfer feature's form for sending to a downline. */
export default function ComposedDownlineManagementPage() {
  return <DownlineManagementPage transferForm={<DownlineTransferForm />} />;
}
