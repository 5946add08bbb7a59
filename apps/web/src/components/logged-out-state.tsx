import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from './empty-state';
import { paths } from '@/config/paths';

type LoggedOutStateProps = { title: string; loginLabel?: string };

/** What a member money page shows without a session (or when it ended): a way to log in. */
export function LoggedOutState({ title, loginLabel }: LoggedOutStateProps) {
  const { t } = useTranslation();
  return (
    <EmptyState icon="lock" title={title}>
      <Link to={paths.login} className="button button--primary">
        {loginLabel ?? t('header.login')}
      </Link>
    </EmptyState>
  );
}
