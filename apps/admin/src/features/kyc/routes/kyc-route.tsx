import {
  KYC_DOCUMENT_KINDS,
  KYC_ID_TYPES,
  KycStatus,
  NATURES_OF_WORK,
  SOURCES_OF_INCOME,
  type AdminKycDetail,
} from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListFilter } from '@/components/filter-bar';
import { DecisionButtons } from '@/components/decision-buttons';
import { QueuePage } from '@/components/list-page';
import { RowButton } from '@/components/row-button';
import { PagedTable } from '@/components/paged-table';
import { Dialog } from '@/components/dialog';
import { AuthImage } from '@/components/image-viewer';
import { QueryContent } from '@/components/query-content';
import { ReasonDialog } from '@/components/reason-dialog';
import { useDisplayTime } from '@/lib/merchant-zone';
import {
  approveKyc,
  getKycDetailQueryOptions,
  getKycQueueQueryOptions,
  rejectKyc,
  type KycFilter,
} from '../api/kyc';
import styles from './kyc-route.module.css';
import { Facts, type Fact } from '@/components/facts';

/** The English name of a document or occupation key; the key itself when unknown. */
function named(names: Record<number, string>, key: number): string {
  return names[key] ?? String(key);
}

function KycFacts({ detail }: { detail: AdminKycDetail }) {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  const rows: Fact[] = [
    [t('kyc.payeeName'), detail.payeeName],
    [t('kyc.idType'), named(KYC_ID_TYPES, detail.idType)],
    [t('kyc.birthday'), detail.birthday],
    [t('kyc.address'), detail.address],
    [t('kyc.permanentAddress'), detail.permanentAddress],
    [t('kyc.placeOfBirth'), detail.placeOfBirth],
    [t('kyc.nationality'), detail.nationality],
    [t('kyc.sourceOfIncome'), named(SOURCES_OF_INCOME, detail.sourceOfIncome)],
    [t('kyc.occupation'), named(NATURES_OF_WORK, detail.occupation)],
    [t('kyc.employerName'), detail.employerName],
    [t('kyc.submittedAt'), displayTime(detail.submittedAt)],
    [t('kyc.reviewNote'), detail.reviewNote],
  ];
  return <Facts facts={rows} className={styles.facts} testId="kyc-facts" />;
}

/** One submission: personal information, the three images, and the decision. */
function KycReview({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(getKycDetailQueryOptions(memberId));
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  return (
    <Dialog
      title={t('kyc.reviewTitle', { member: query.data?.username ?? memberId })}
      wide
      onClose={onClose}
      testId="kyc-review"
    >
      <QueryContent query={query}>
        {(detail) => (
          <>
            <KycFacts detail={detail} />
            <div className={styles.images}>
              {KYC_DOCUMENT_KINDS.map((kind) => (
                <figure key={kind} className={styles.figure}>
                  {detail.documents.includes(kind) ? (
                    <AuthImage
                      path={`/kyc/${memberId}/documents/${kind}`}
                      alt={t(`kyc.documents.${kind}`)}
                      testId={`kyc-image-${kind}`}
                    />
                  ) : (
                    <p className="muted">{t('kyc.missing')}</p>
                  )}
                  <figcaption>{t(`kyc.documents.${kind}`)}</figcaption>
                </figure>
              ))}
            </div>
            {detail.status === 'N' && (
              <div className="form__actions">
                <DecisionButtons
                  kind="kyc"
                  onApprove={() => setDecision('approve')}
                  onReject={() => setDecision('reject')}
                />
              </div>
            )}
            {decision && (
              <ReasonDialog
                title={t(decision === 'approve' ? 'kyc.approveTitle' : 'kyc.rejectTitle')}
                confirmLabel={decision === 'approve' ? t('common.approve') : t('common.reject')}
                optional={decision === 'approve'}
                onConfirm={async (text) => {
                  await (decision === 'approve'
                    ? approveKyc(memberId, text)
                    : rejectKyc(memberId, text));
                  onClose();
                }}
                onClose={() => setDecision(null)}
                testId={`kyc-${decision}-dialog`}
              />
            )}
          </>
        )}
      </QueryContent>
    </Dialog>
  );
}

/** The KYC queue: waiting submissions first, then approved and rejected ones by filter. */
export function KycRoute() {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  const { filter, refine, onPage } = useListFilter<KycFilter>({ page: 1, status: 'N' });
  const [open, setOpen] = useState<number | null>(null);
  const query = useQuery(getKycQueueQueryOptions(filter));
  return (
    <QueuePage
      title="kyc"
      name="kyc"
      statuses={KycStatus.options}
      statusLabel={(status) => t(`kycStatus.${status}`)}
      status={filter.status}
      refine={refine}
      includeAll={false}
    >
      <PagedTable
        query={query}
        onPage={onPage}
        testId="kyc"
        columns={[
          { label: t('common.member') },
          { label: t('kyc.payeeName') },
          { label: t('kyc.idType') },
          { label: t('kyc.birthday') },
          { label: t('kyc.images') },
          { label: t('kyc.submittedAt') },
          { label: t('common.actions') },
        ]}
        row={(item) => (
          <tr key={item.memberId} data-testid={`kyc-row-${item.username}`}>
            <td>{item.username}</td>
            <td>{item.payeeName}</td>
            <td>{named(KYC_ID_TYPES, item.idType)}</td>
            <td>{item.birthday}</td>
            <td>{item.documents.length} / 3</td>
            <td>{displayTime(item.submittedAt)}</td>
            <td>
              <RowButton onClick={() => setOpen(item.memberId)} testId="kyc-open">
                {t('kyc.open')}
              </RowButton>
            </td>
          </tr>
        )}
      />
      {open !== null && <KycReview memberId={open} onClose={() => setOpen(null)} />}
    </QueuePage>
  );
}

export default KycRoute;
