import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useMemberBadgeCounts } from '../api/get-member-badge-counts';
import { MemberMenu } from '../components/member-menu';
import styles from '@/components/member-centre.module.css';

/** `/member`: the member centre menu beside the selected page. */
export default function MemberCentreRoute() {
  const { t } = useTranslation();
  const badgeCounts = useMemberBadgeCounts();
  return (
    <>
      <PageHeader title={t('member.title')} />
      <div className={styles.layout}>
        <MemberMenu badgeCounts={badgeCounts} />
        <section>
          <Outlet />
        </section>
      </div>
    </>
  );
}
