import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import styles from '@/components/member-centre.module.css';
import type { MemberPage } from '../member-pages';

type MemberPageRouteProps = { page: MemberPage };

export default function MemberPageRoute({ page }: MemberPageRouteProps) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className={styles.pageTitle}>{t(`member.pages.${page}`)}</h2>
      <EmptyState title={t('member.emptyTitle')} description={t('member.emptyText')} />
    </>
  );
}
