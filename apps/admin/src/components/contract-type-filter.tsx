import { ContractKind } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from './status-filter';

/** The contract type a list of contracts or settlements is filtered by; "all" sends none. */
export function ContractTypeFilter({
  value,
  onChange,
  testId,
}: {
  value: ContractKind | undefined;
  onChange: (type: ContractKind | undefined) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceFilter
      title={t('agentContracts.type')}
      options={ContractKind.options}
      value={value}
      label={(kind) => t(`agentContracts.types.${kind}`)}
      onChange={onChange}
      testId={testId}
    />
  );
}
