import {
  VENDOR_TRANSFER_OUTCOMES,
  VendorTransferState,
  type AdminVendorTransfer,
  type VendorTransferOutcome,
} from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterBar, TextFilter, useListFilter, useSearchDraft } from '@/components/filter-bar';
import { QueuePage } from '@/components/list-page';
import { RowButton } from '@/components/row-button';
import { PagedTable } from '@/components/paged-table';
import { ReasonDialog } from '@/components/reason-dialog';
import { displayAmount } from '@/lib/format';
import { useDisplayTime, useMerchantZone } from '@/lib/merchant-zone';
import {
  getVendorTransfersQueryOptions,
  resolveVendorTransfer,
  type VendorTransferFilter,
} from '../api/vendor-transfers';
import { destinationOf } from '../vendor-transfer-filters';

/**
 * The operator's side of a transfer the vendor never confirmed: what the vendor did (checked
 * in its back office) and a note for the audit log; the dialog says where the money goes.
 */
function ResolveDialog({
  transfer,
  onClose,
}: {
  transfer: AdminVendorTransfer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<VendorTransferOutcome | null>(null);
  const where = (choice: VendorTransferOutcome) =>
    destinationOf(transfer.direction, choice) === 'main'
      ? t('vendorTransfers.toMain')
      : t('vendorTransfers.toVendor', { vendor: transfer.vendorCode });
  return (
    <ReasonDialog
      title={t('vendorTransfers.resolveTitle', { id: transfer.id })}
      confirmLabel={t('vendorTransfers.resolve')}
      validate={() => (outcome ? null : t('vendorTransfers.outcomeRequired'))}
      onConfirm={(note) => resolveVendorTransfer(transfer.id, outcome!, note)}
      onClose={onClose}
      testId="vendor-transfer-resolve"
    >
      <p>
        {t(`vendorTransfers.direction.${transfer.direction}`, { vendor: transfer.vendorCode })} ·{' '}
        {transfer.username} · {displayAmount(transfer.amount)} {transfer.currency}
      </p>
      <fieldset className="field">
        <legend>{t('vendorTransfers.outcome')}</legend>
        {VENDOR_TRANSFER_OUTCOMES.map((choice) => (
          <label key={choice} className="field field--inline">
            <input
              type="radio"
              name="outcome"
              value={choice}
              checked={outcome === choice}
              onChange={() => setOutcome(choice)}
              data-testid={`vendor-transfer-outcome-${choice}`}
            />
            <span>
              {t(`vendorTransfers.outcomes.${choice}`)}
              <span className="muted"> — {where(choice)}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </ReasonDialog>
  );
}

/**
 * Transfers between main wallets and transfer-wallet vendors, first of all the ones the
 * re-settle job gave up on (unresolved): their money stays in transit until resolved here.
 */
export function VendorTransfersRoute() {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  const { filter, refine, onPage } = useListFilter<VendorTransferFilter>({
    page: 1,
    status: 'unresolved',
  });
  const { bind, search } = useSearchDraft(
    { username: '', vendorCode: '', fromDay: '', toDay: '' },
    refine,
  );
  const [open, setOpen] = useState<AdminVendorTransfer | null>(null);
  const zone = useMerchantZone();
  const query = useQuery(getVendorTransfersQueryOptions(filter, zone));
  return (
    <QueuePage
      title="vendorTransfers"
      name="vendor-transfers"
      statuses={VendorTransferState.options}
      statusLabel={(status) => t(`vendorTransfers.states.${status}`)}
      status={filter.status}
      refine={refine}
    >
      <FilterBar onSearch={search}>
        <TextFilter
          label={t('common.member')}
          {...bind('username')}
          testId="vendor-transfers-username"
        />
        <TextFilter label={t('vendorTransfers.vendor')} {...bind('vendorCode')} />
        <TextFilter type="date" label={t('vendorTransfers.from')} {...bind('fromDay')} />
        <TextFilter type="date" label={t('vendorTransfers.to')} {...bind('toDay')} />
      </FilterBar>
      <PagedTable
        query={query}
        onPage={onPage}
        testId="vendor-transfers"
        columns={[
          { label: t('common.createdAt') },
          { label: t('common.member') },
          { label: t('vendorTransfers.vendor') },
          { label: t('vendorTransfers.directionLabel') },
          { label: t('common.amount'), number: true },
          { label: t('vendorTransfers.attempts'), number: true },
          { label: t('common.status') },
          { label: t('common.actions') },
        ]}
        row={(transfer) => (
          <tr key={transfer.id} data-testid={`vendor-transfer-row-${transfer.id}`}>
            <td>
              {displayTime(transfer.createdAt)}
              <div className="muted">{transfer.transferUuid}</div>
            </td>
            <td>
              <Link to={`/members/${transfer.memberId}`}>{transfer.username}</Link>
            </td>
            <td>{transfer.vendorCode}</td>
            <td>
              {t(`vendorTransfers.direction.${transfer.direction}`, {
                vendor: transfer.vendorCode,
              })}
            </td>
            <td className="number">{displayAmount(transfer.amount)}</td>
            <td className="number">{transfer.attempts}</td>
            <td>{t(`vendorTransfers.states.${transfer.state}`)}</td>
            <td className="actions">
              {transfer.state === 'unresolved' && (
                <RowButton
                  onClick={() => setOpen(transfer)}
                  testId={`vendor-transfer-resolve-${transfer.id}`}
                >
                  {t('vendorTransfers.resolve')}
                </RowButton>
              )}
            </td>
          </tr>
        )}
      />
      {open && <ResolveDialog transfer={open} onClose={() => setOpen(null)} />}
    </QueuePage>
  );
}

export default VendorTransfersRoute;
